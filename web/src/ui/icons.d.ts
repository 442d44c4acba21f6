// lucide-react's per-icon modules also export the icon's drawing, which ui/dom.ts renders without React.
declare module 'lucide-react/dist/esm/icons/*.js?node' {
  export const __iconNode: import('./dom.ts').IconNode;
}
