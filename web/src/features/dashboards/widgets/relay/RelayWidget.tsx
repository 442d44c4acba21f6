import type { Device } from '@fieldwatch/core';
import { CircleAlert, CircleCheck, Lock, Power, Settings2 } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canSwitch, outputsOf } from '@/lib/relay/relayMachine.ts';
import { useRelay } from '@/lib/relay/useRelay.ts';
import { toast } from '@/lib/toast.ts';
import { useUserStore } from '@/stores/user.ts';
import { Button } from '@/ui/Button.tsx';
import { Dialog } from '@/ui/Dialog.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { useCustomerIds, useDevices, useSelectedUnits } from '../../data.ts';
import type { WidgetProps } from '../../widgetTypes.ts';
import { Updated, WidgetEmpty, WidgetError, widgetState } from '../common/WidgetState.tsx';
import { type RelaySettings, relaySettings } from './relaySettings.ts';
import { isRelayUnit, maySwitch } from './relayUnits.ts';
import '../common/kpiLayout.css';
import './relay.css';

/**
 * Relay: the outputs of one relay unit as it last reported them, one switch per
 * output with its label. A switch sends the new state (v2 POST relay) and stays pending until the
 * unit's `relay` report or the operation's result arrives over the live socket; a failure or a
 * time-out shows the error, toasts 'relay update error' and resets to the confirmed outputs.
 */
export function RelayWidget({ dashboardId, widgetId, widget }: WidgetProps) {
  const { t } = useTranslation();
  const customers = useCustomerIds();
  const devices = useDevices();
  const settings = useMemo(() => relaySettings(widget.props), [widget.props]);
  const [selected] = useSelectedUnits(dashboardId, widgetId);
  const relayUnits = useMemo(() => (devices.data ?? []).filter(isRelayUnit), [devices.data]);
  // The unit of the settings; without one, a relay unit the link group has selected.
  const unit =
    settings.unitId !== null
      ? relayUnits.find((d) => d.id === settings.unitId)
      : relayUnits.find((d) => selected?.includes(d.id));

  const state = widgetState({
    customers,
    shape: 'kpi',
    queries: [devices],
    failed: t('widgets.relay.failed'),
    empty: relayUnits.length === 0 && {
      icon: <Power size={20} />,
      title: t('widgets.relay.noUnits'),
      text: t('widgets.relay.noUnitsText'),
    },
  });
  if (state) return state;

  if (!unit) {
    return (
      <WidgetEmpty
        icon={<Settings2 size={20} />}
        title={t(settings.unitId === null ? 'widgets.relay.choose' : 'widgets.relay.unavailable')}
        text={t('widgets.relay.chooseText')}
      />
    );
  }
  return <RelayControl key={unit.id} unit={unit} settings={settings} />;
}

/** One relay unit's outputs and their round trip (keyed by unit: another unit starts over). */
function RelayControl({ unit, settings }: { unit: Device; settings: RelaySettings }) {
  const { t } = useTranslation();
  const access = useUserStore((s) => s.accessResponse);
  const onError = useCallback(() => toast(t('widgets.relay.updateError'), 'danger'), [t]);
  const { m, readError, updatedAt, read, send } = useRelay(unit.id, onError);
  const [ask, setAsk] = useState<{ index: number; on: boolean } | null>(null);

  if (readError && m.confirmed === null && m.phase === 'initializing') {
    return <WidgetError title={t('widgets.relay.readFailed')} error={readError} onRetry={read} />;
  }

  const writable = access ? maySwitch(access.Customers, unit.organization) : false;
  const outputs = outputsOf(m.shown);
  const confirmed = outputsOf(m.confirmed);
  const label = (i: number) => settings.labels[i]?.trim() || t('widgets.relay.output', { n: i + 1 });
  const toggle = (index: number, on: boolean) => (settings.confirm ? setAsk({ index, on }) : send(index, on));
  const busy = m.phase === 'pending' || m.phase === 'resetting' || m.phase === 'initializing';

  return (
    <div className="relay" data-phase={m.phase}>
      <div className="relay__head">
        <div className="relay__unit">
          <span className="relay__name">{unit.name}</span>
          {unit.location && <span className="relay__location">{unit.location}</span>}
        </div>
        <span className={`relay__phase relay__phase--${m.phase}`} role="status" data-testid="relay-phase">
          {busy && <Spinner />}
          {m.phase === 'error' && <CircleAlert size={14} aria-hidden />}
          {m.phase === 'ready' && <CircleCheck size={14} aria-hidden />}
          {t(`widgets.relay.phase.${m.phase}`)}
        </span>
      </div>
      {outputs.length === 0 ? (
        <p className="relay__note">{t('widgets.relay.waiting')}</p>
      ) : (
        <ul className="relay__outputs">
          {outputs.map((on, i) => {
            const changing = m.phase !== 'ready' && on !== confirmed[i];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: outputs are positions
              <li key={i} className="relay__output" data-changing={changing || undefined}>
                <span className="relay__label" title={label(i)}>
                  {label(i)}
                </span>
                <span className="relay__word">
                  {changing && m.phase === 'pending' && <Spinner label={t('widgets.relay.phase.pending')} />}
                  {t(on ? 'widgets.relay.on' : 'widgets.relay.off')}
                </span>
                <button
                  type="button"
                  role="switch"
                  className="relay__switch"
                  aria-checked={on}
                  aria-label={label(i)}
                  disabled={!writable || !canSwitch(m)}
                  onClick={() => toggle(i, !on)}
                >
                  <span className="relay__knob" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <footer className="relay__foot">
        {!writable ? (
          <span className="relay__note">
            <Lock size={13} aria-hidden />
            {t('widgets.relay.readOnly')}
          </span>
        ) : m.failure && m.phase !== 'pending' ? (
          <span className="relay__note relay__note--error">
            <CircleAlert size={13} aria-hidden />
            {t('widgets.relay.lastFailed', { message: m.failure })}
          </span>
        ) : (
          <span />
        )}
        <Updated at={updatedAt} />
      </footer>
      <Dialog
        open={ask !== null}
        onOpenChange={(open) => !open && setAsk(null)}
        title={t('widgets.relay.confirmTitle')}
        actions={
          <>
            <Button onClick={() => setAsk(null)}>{t('common.cancel')}</Button>
            <Button
              variant="primary"
              onClick={() => {
                if (ask) send(ask.index, ask.on);
                setAsk(null);
              }}
            >
              {t(ask?.on ? 'widgets.relay.switchOn' : 'widgets.relay.switchOff')}
            </Button>
          </>
        }
      >
        {ask && (
          <p>
            {t(ask.on ? 'widgets.relay.confirmOn' : 'widgets.relay.confirmOff', {
              output: label(ask.index),
              unit: unit.name,
            })}
          </p>
        )}
      </Dialog>
    </div>
  );
}
