import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TEnrolment } from '@atlas/contracts';
import { CodeField } from './CodeField';

/** `3QXV ML2P …`: the secret in groups of four, as authenticator apps ask for it to be typed. */
export const groupedSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up an authenticator app: scan the QR code (the otpauth:// URI) or type the secret, then enter the code the
 * app shows. The QR code is the server's SVG, shown as an image (no script can run in it).
 */
export function EnrolmentSteps({
  enrolment,
  code,
  onCode,
  error,
}: {
  enrolment: TEnrolment;
  code: string;
  onCode: (code: string) => void;
  error: string | null;
}) {
  return (
    <Stack spacing={2}>
      <Typography>
        1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password,
        FreeOTP…).
      </Typography>
      <Box
        component="img"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
        alt="QR code of the authenticator set-up"
        sx={{ width: 200, height: 200, alignSelf: 'center', border: 1, borderColor: 'divider', borderRadius: 1 }}
      />
      <Typography variant="body2" color="text.secondary">
        Cannot scan it? Enter this key in the app instead (time-based, 6 digits):
      </Typography>
      <Typography
        aria-label="Secret key"
        data-secret={enrolment.secret}
        sx={{ fontFamily: 'monospace', fontSize: '1.05rem', wordBreak: 'break-all', userSelect: 'all' }}
      >
        {groupedSecret(enrolment.secret)}
      </Typography>
      <Typography>2. Enter the 6-digit code the app shows now.</Typography>
      <CodeField
        value={code}
        onChange={onCode}
        autoFocus
        error={error !== null}
        helperText={error ?? ' '}
        sx={{ maxWidth: 220 }}
      />
    </Stack>
  );
}
