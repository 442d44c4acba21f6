/** The server's side of the MQTT link to units, whichever broker carries it. */
export interface DeviceLink {
  /** Publishes a down-message (QoS 1) to a unit. */
  publish(serial: string, kind: 'op' | 'settings' | 'relay', payload: unknown): Promise<void>;
  /** The port of the embedded broker, when there is one. */
  readonly port: number | undefined;
  close(): Promise<void>;
}
