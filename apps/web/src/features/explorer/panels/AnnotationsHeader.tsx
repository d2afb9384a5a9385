/**
 * The annotations panel's first line: the button that saves the selection as an annotation, or why the viewer may
 * not (another group's run, or a public link).
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { ANNOTATION_MSG } from '@atlas/contracts';

/** What the viewer may do with the run's annotations: change them (its group), read them (others), or a link's. */
export type AnnotationAccess = 'change' | 'read' | 'link';

export function AnnotationsHeader({
  access,
  group,
  hasSelection,
  onSaveSelection,
}: {
  access: AnnotationAccess;
  /** The run's group, named to a reader outside it. */
  group: string | null;
  hasSelection: boolean;
  onSaveSelection: () => void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
      {access === 'read' ? (
        <Typography variant="caption" color="text.secondary" data-testid="annotations-read-only">
          {ANNOTATION_MSG.readOnlyForOthers(group)}
        </Typography>
      ) : access === 'change' ? (
        <>
          <Tooltip title={hasSelection ? '' : ANNOTATION_MSG.noSelection}>
            <span>
              <Button variant="contained" size="small" disabled={!hasSelection} onClick={onSaveSelection}>
                Save selection as annotation
              </Button>
            </span>
          </Tooltip>
          <Typography variant="caption" color="text.secondary">
            Annotations are shared with everyone who may see this run; its group may change them.
          </Typography>
        </>
      ) : (
        <Typography variant="caption" color="text.secondary">
          {ANNOTATION_MSG.readOnlyForLink}
        </Typography>
      )}
    </Stack>
  );
}
