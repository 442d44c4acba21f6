import type { ButtonHTMLAttributes, ReactNode } from 'react';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'default' | 'primary' | 'ghost' | 'danger';
  block?: boolean;
  icon?: ReactNode;
};

export function Button({ variant = 'default', block, icon, className, children, type = 'button', ...rest }: Props) {
  const classes = ['btn', variant !== 'default' && `btn--${variant}`, block && 'btn--block', className];
  return (
    <button type={type} className={classes.filter(Boolean).join(' ')} {...rest}>
      {icon}
      {children}
    </button>
  );
}

type IconButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { label: string };

/** An icon-only button: the label is its accessible name and tooltip. */
export function IconButton({ label, className, children, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      className={['icon-btn', className].filter(Boolean).join(' ')}
      aria-label={label}
      title={label}
      {...rest}
    >
      {children}
    </button>
  );
}
