/** The relay widget's settings (widget.props), read defensively from stored JSON. */
export type RelaySettings = { unitId: number | null; labels: string[]; confirm: boolean };

export function relaySettings(props: Readonly<Record<string, unknown>>): RelaySettings {
  const id = typeof props.unitId === 'string' ? Number.parseInt(props.unitId, 10) : props.unitId;
  const unitId = typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
  const labels = Array.isArray(props.labels)
    ? props.labels.slice(0, 16).map((l) => (typeof l === 'string' ? l.slice(0, 60) : ''))
    : [];
  return { unitId, labels, confirm: props.confirm === true };
}
