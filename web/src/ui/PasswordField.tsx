import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './Button.tsx';
import { TextField } from './TextField.tsx';

/** A password field with a show/hide toggle (sign-in forms). */
export function PasswordField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'adornment'>) {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  return (
    <TextField
      {...props}
      type={show ? 'text' : 'password'}
      adornment={
        <IconButton label={show ? t('login.hidePassword') : t('login.showPassword')} onClick={() => setShow((v) => !v)}>
          {show ? <EyeOff size={16} /> : <Eye size={16} />}
        </IconButton>
      }
    />
  );
}
