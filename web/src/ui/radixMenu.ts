// Loaded with the first menu a user opens (ui/Menu.tsx).
export { DropdownMenu } from 'radix-ui';
