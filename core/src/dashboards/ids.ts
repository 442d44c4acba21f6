/** Dashboard ids on the wire: base64 of (numeric id + 1000), trailing '=' removed. */
export const DASHBOARD_ID_OFFSET = 1000;

export function encodeDashboardId(id: number): string {
  return btoa(String(id + DASHBOARD_ID_OFFSET)).replace(/=+$/, '');
}

/** The numeric id of an encoded one, or undefined when the text is not an encoded id. */
export function decodeDashboardId(encoded: string): number | undefined {
  if (!/^[A-Za-z0-9+/]{1,16}$/.test(encoded)) return undefined;
  let text: string;
  try {
    text = atob(encoded.padEnd(Math.ceil(encoded.length / 4) * 4, '='));
  } catch {
    return undefined;
  }
  if (!/^\d{1,12}$/.test(text)) return undefined;
  const id = Number(text) - DASHBOARD_ID_OFFSET;
  return id > 0 && encodeDashboardId(id) === encoded ? id : undefined;
}
