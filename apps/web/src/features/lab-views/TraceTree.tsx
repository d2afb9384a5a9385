import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Search from '@mui/icons-material/Search';
import { branchKeys, filterTree, runIdsUnder, type TraceNode } from './tree';

interface TreeProps {
  nodes: TraceNode[];
  /** Single selection (Wafer Trace). */
  selectedKey?: string | null;
  onSelect?: (node: TraceNode) => void;
  /** Run selection with checkboxes (Image Viewer): checking a wafer or chip checks every run below it. */
  checkedRuns?: ReadonlySet<string>;
  onCheckRuns?: (runIds: string[], checked: boolean) => void;
  label: string;
}

/** The searchable Wafer/{id} > Chip/{id} > DBiT/{id} tree of spec 02 §2.2 (MUI List and Collapse). */
export function TraceTree({ nodes, label, ...rest }: TreeProps) {
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const shown = useMemo(() => filterTree(nodes, search), [nodes, search]);
  const changeSearch = (text: string) => {
    setSearch(text);
    // A search opens every remaining branch, so each match is visible with its ancestors.
    setExpanded(new Set(text.trim() ? branchKeys(filterTree(nodes, text)) : []));
  };
  const toggle = (key: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const open = expanded;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <TextField
        size="small"
        label="Search"
        value={search}
        onChange={(e) => changeSearch(e.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mb: 1 }}
      />
      <Box sx={{ overflow: 'auto', flex: 1 }}>
        {shown.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 1 }}>
            {search.trim() ? `Nothing matches '${search.trim()}'.` : 'No wafers yet.'}
          </Typography>
        ) : (
          <List dense disablePadding role="tree" aria-label={label}>
            {shown.map((node) => (
              <TreeItem key={node.key} node={node} depth={0} open={open} onToggle={toggle} {...rest} />
            ))}
          </List>
        )}
      </Box>
    </Box>
  );
}

interface ItemProps extends Omit<TreeProps, 'nodes' | 'label'> {
  node: TraceNode;
  depth: number;
  open: ReadonlySet<string>;
  onToggle: (key: string) => void;
}

function TreeItem({ node, depth, open, onToggle, selectedKey, onSelect, checkedRuns, onCheckRuns }: ItemProps) {
  const isOpen = open.has(node.key);
  const hasChildren = node.children.length > 0;
  const runs = checkedRuns ? runIdsUnder([node]) : [];
  const checkedCount = checkedRuns ? runs.filter((r) => checkedRuns.has(r)).length : 0;
  const allChecked = runs.length > 0 && checkedCount === runs.length;
  const name = `${node.type}/${node.id}`;
  return (
    <>
      <ListItemButton
        role="treeitem"
        aria-label={name}
        aria-level={depth + 1}
        aria-expanded={hasChildren ? isOpen : undefined}
        aria-selected={onSelect ? selectedKey === node.key : allChecked}
        selected={onSelect ? selectedKey === node.key : false}
        onClick={() => {
          if (onSelect) onSelect(node);
          else if (onCheckRuns && runs.length) onCheckRuns(runs, !allChecked);
          if (hasChildren && !isOpen && onSelect) onToggle(node.key);
        }}
        sx={{ pl: 0.5 + depth * 2.5, py: 0 }}
      >
        <IconButton
          size="small"
          aria-label={isOpen ? `Collapse ${name}` : `Expand ${name}`}
          onClick={(e) => {
            e.stopPropagation();
            onToggle(node.key);
          }}
          sx={{ visibility: hasChildren ? 'visible' : 'hidden' }}
          tabIndex={-1}
        >
          {isOpen ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
        </IconButton>
        {checkedRuns && (
          <Checkbox
            size="small"
            edge="start"
            tabIndex={-1}
            disableRipple
            checked={allChecked}
            indeterminate={checkedCount > 0 && !allChecked}
            disabled={runs.length === 0}
            slotProps={{ input: { 'aria-label': `Select ${name}` } }}
            sx={{ py: 0.25 }}
          />
        )}
        <ListItemText
          primary={
            <>
              <Typography component="span" variant="body2" color="text.secondary">
                {node.type}/
              </Typography>
              <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
                {node.id}
              </Typography>
            </>
          }
        />
      </ListItemButton>
      {hasChildren && (
        <Collapse in={isOpen} timeout="auto" unmountOnExit>
          <List dense disablePadding role="group">
            {node.children.map((child) => (
              <TreeItem
                key={child.key}
                node={child}
                depth={depth + 1}
                open={open}
                onToggle={onToggle}
                selectedKey={selectedKey}
                onSelect={onSelect}
                checkedRuns={checkedRuns}
                onCheckRuns={onCheckRuns}
              />
            ))}
          </List>
        </Collapse>
      )}
    </>
  );
}
