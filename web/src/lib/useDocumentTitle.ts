import { useEffect } from 'react';
import { setDocumentTitle } from './page.ts';

export function useDocumentTitle(title: string) {
  useEffect(() => setDocumentTitle(title), [title]);
}
