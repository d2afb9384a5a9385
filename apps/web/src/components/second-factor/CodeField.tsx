import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { TOTP_DIGITS } from '@atlas/contracts';

/**
 * The 6-digit code of an authenticator app: `one-time-code` lets browsers and phones fill it from an SMS-like
 * suggestion or a password manager, `numeric` brings up the number pad; anything but digits is dropped as typed.
 */
export function CodeField({
  value,
  onChange,
  ...props
}: Omit<TextFieldProps, 'onChange'> & {
  value: string;
  onChange: (code: string) => void;
}) {
  return (
    <TextField
      label="Code"
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, TOTP_DIGITS))}
      slotProps={{
        htmlInput: {
          autoComplete: 'one-time-code',
          inputMode: 'numeric',
          pattern: '[0-9]*',
          maxLength: TOTP_DIGITS,
          spellCheck: false,
          style: { fontFamily: 'monospace', letterSpacing: '0.3em' },
        },
      }}
    />
  );
}

export const isCompleteCode = (code: string) => code.length === TOTP_DIGITS;
