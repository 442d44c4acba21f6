import type { Marker } from '@fieldwatch/core';
import { Activity, CalendarX2, MapPinPlus } from 'lucide-react';
import { type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '@/lib/errorText.ts';
import { ApiError } from '@/lib/http.ts';
import { toast } from '@/lib/toast.ts';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { useThemeTokens } from '@/lib/useThemeTokens.ts';
import { Button } from '@/ui/Button.tsx';
import { ConfirmDialog } from '@/ui/ConfirmDialog.tsx';
import { TableToggle } from '@/ui/NumbersTable.tsx';
import { Select } from '@/ui/Select.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { useFindingDecisions, useSuggestedFaults } from './findingsApi.ts';
import { MarkerDialog, type MarkerTarget } from './MarkerDialog.tsx';
import { MarkerList } from './MarkerList.tsx';
import { CurveTable, Legend, PlotLoading } from './PlotParts.tsx';
import { type PlotCurves, RadarPlot } from './RadarPlot.tsx';
import { RadarEmpty, RadarError, useRadarRange } from './RadarStates.tsx';
import { useRadarChanges, useRadarCurve, useRadarDates, useRadarMarkers } from './radarApi.ts';
import {
  channelIndexFrom,
  differenceOf,
  firstEchoIndex,
  formatNumber,
  largestDeparture,
  radarDatesNewestFirst,
  wireChannel,
} from './radarMath.ts';
import { radarColors } from './radarTheme.ts';
import { SuggestedFaults } from './SuggestedFaults.tsx';

/** "Compare with": the channel's reference curve, or the curve of another listed date. */
const REFERENCE = 'reference';

/** Departures smaller than this are noise, not a finding worth a sentence. */
const FINDING_MINIMUM = 20;

/** A user-facing message for a failed change: the server's reasons for 403 and 409 in the user's language. */
function changeError(t: ReturnType<typeof useTranslation>['t'], e: unknown): string {
  if (e instanceof ApiError && e.status === 403) return t('radar.noWrite');
  if (e instanceof ApiError && e.status === 409) return t('radar.markers.lockedError');
  return e instanceof Error && e.message ? e.message : t('errors.generic');
}

/** The plot of a channel's stored curves with the comparison, the markers and the changes made to them. */
export function RadarView({ unitId, channels }: { unitId: number; channels: number[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const theme = useThemeTokens();
  const when = useDateFormat();
  const [search, setSearch] = useSearchParams();
  const channelIndex = channelIndexFrom(search.get('channel'), channels) ?? 0;
  const channel = wireChannel(channelIndex);
  const range = useRadarRange();
  // The curves' numbers as a table under the plot, on demand.
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();

  const setParam = useCallback(
    (patch: Record<string, string | null>) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === null) next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );

  const datesQuery = useRadarDates(unitId, channel, range);
  const dates = useMemo(() => radarDatesNewestFirst(datesQuery.data ?? []), [datesQuery.data]);
  const wanted = search.get('date');
  const selected = dates.find((d) => d.key === wanted) ?? dates[0];

  const curveQuery = useRadarCurve(unitId, channel, selected?.key);
  const curve = curveQuery.data;
  const hasReference = !!curve?.ChannelDefaultRadar;

  // Compare with the reference when there is one, else with the oldest other date.
  const compareParam = search.get('compare');
  const oldestOther = [...dates].reverse().find((d) => d.key !== selected?.key);
  const compareKey =
    compareParam === REFERENCE && hasReference
      ? REFERENCE
      : compareParam && dates.some((d) => d.key === compareParam && d.key !== selected?.key)
        ? compareParam
        : hasReference
          ? REFERENCE
          : (oldestOther?.key ?? null);
  const compareDate = compareKey && compareKey !== REFERENCE ? dates.find((d) => d.key === compareKey) : undefined;
  const compareQuery = useRadarCurve(unitId, channel, compareDate?.key);
  const { query: markersQuery, list: markers } = useRadarMarkers(unitId, channel);
  const { suggested } = useSuggestedFaults(unitId, channel);
  const decisions = useFindingDecisions(unitId, channel, {
    accepted: (name) => toast(t('radar.findings.accepted', { name }), 'success'),
    dismissed: () => toast(t('radar.findings.dismissed'), 'success'),
    failed: (e) => toast(t('radar.findings.failed', { message: errorText(e) }), 'danger'),
  });

  const [showDifference, setShowDifference] = useState(true);
  const [dialog, setDialog] = useState<MarkerTarget | null>(null);
  const [confirmReference, setConfirmReference] = useState(false);
  const [toDelete, setToDelete] = useState<Marker | null>(null);

  const dateLabel = useCallback((d: Date) => when.dateTime(d), [when]);

  // The curves on the plot: positions as the server answered them.
  const plotCurves = useMemo<PlotCurves | null>(() => {
    if (!curve) return null;
    if (compareKey === REFERENCE) {
      return {
        positions: curve.positions,
        values: curve.values,
        compare: curve.ChannelDefaultRadar?.points ?? null,
        difference: curve.difference ?? differenceOf(curve.values, curve.ChannelDefaultRadar?.points),
      };
    }
    const other = compareQuery.data;
    return {
      positions: curve.positions,
      values: curve.values,
      compare: other?.values ?? null,
      difference: differenceOf(curve.values, other?.values),
    };
  }, [curve, compareKey, compareQuery.data]);

  const against =
    compareKey === REFERENCE
      ? t('radar.againstReference')
      : compareDate
        ? t('radar.againstDate', { date: dateLabel(compareDate.date) })
        : '';
  const compareName =
    compareKey === REFERENCE
      ? t('radar.referenceCurve')
      : compareDate
        ? t('radar.curveOf', { date: dateLabel(compareDate.date) })
        : null;
  const names = useMemo(
    () => ({
      curve: selected ? t('radar.curveOf', { date: dateLabel(selected.date) }) : '',
      compare: compareName,
      difference: t('radar.differenceName'),
    }),
    [selected, compareName, t, dateLabel],
  );
  const echoFrom = plotCurves ? firstEchoIndex(plotCurves.values) : 0;
  const [showPulse, setShowPulse] = useState(false);
  const finding = plotCurves
    ? largestDeparture(plotCurves.difference, plotCurves.positions, FINDING_MINIMUM, echoFrom)
    : null;

  // Changes ------------------------------------------------------------------------------------

  const { setReference, saveMarker, moveMarker, deleteMarker } = useRadarChanges(unitId, channel, {
    referenceSet: () => {
      setParam({ compare: REFERENCE });
      toast(t('radar.referenceSet', { date: selected ? dateLabel(selected.date) : '' }), 'success');
    },
    markerSaved: (m, isNew) => {
      setDialog(null);
      toast(t(isNew ? 'radar.markers.added' : 'radar.markers.saved', { name: m.name }), 'success');
    },
    markerMoved: (m) =>
      toast(t('radar.markers.moved', { name: m.name, position: formatNumber(m.position, locale, 2) }), 'success'),
    markerDeleted: (m) => toast(t('radar.markers.deleted', { name: m.name }), 'success'),
    failed: (e) => toast(changeError(t, e), 'danger'),
  });

  const addAt = (position: number) => setDialog({ kind: 'new', position, pulseSpeed: curve?.pulseSpeed ?? 0.6 });

  // The view --------------------------------------------------------------------------------------

  const channelOptions = channels.map((wire) => ({ value: String(wire), label: t('radar.channelN', { n: wire }) }));
  const dateOptions = dates.map((d) => ({ value: d.key, label: dateLabel(d.date) }));
  const compareOptions = [
    { value: REFERENCE, label: t('radar.referenceCurve'), disabled: !hasReference },
    ...dates.filter((d) => d.key !== selected?.key).map((d) => ({ value: d.key, label: dateLabel(d.date) })),
  ];
  const isReference =
    !!curve?.ChannelDefaultRadar?.timestamp &&
    new Date(curve.ChannelDefaultRadar.timestamp).getTime() === new Date(curve.timestamp).getTime();
  const period = { start: dateLabel(range.start), end: dateLabel(range.end) };

  let main: ReactNode;
  if (datesQuery.isError && !datesQuery.data) {
    main = (
      <RadarError title={t('radar.datesFailed')} error={datesQuery.error} onRetry={() => void datesQuery.refetch()} />
    );
  } else if (!datesQuery.data) {
    main = <PlotLoading />;
  } else if (dates.length === 0) {
    main = (
      <RadarEmpty
        icon={<CalendarX2 size={20} />}
        title={t('radar.noDates')}
        text={t('radar.noDatesText', { channel, ...period })}
      />
    );
  } else if (curveQuery.isError) {
    main = (
      <RadarError title={t('radar.curveFailed')} error={curveQuery.error} onRetry={() => void curveQuery.refetch()} />
    );
  } else if (!plotCurves || !curve) {
    main = <PlotLoading />;
  } else {
    main = (
      <>
        {asTable ? (
          <CurveTable id={tableId} curves={plotCurves} names={names} locale={locale} />
        ) : (
          <RadarPlot
            curves={plotCurves}
            names={names}
            showDifference={showDifference}
            clipFrom={showPulse ? null : echoFrom}
            markers={markers}
            suggested={suggested}
            theme={theme}
            locale={locale}
            canEdit
            onAdd={addAt}
            onMove={(marker, position) => moveMarker.mutate({ marker, position })}
            onOpen={(marker) => setDialog({ kind: 'edit', marker })}
          />
        )}
        <Legend
          names={names}
          curve={plotCurves}
          colors={radarColors(theme)}
          showDifference={showDifference}
          onToggleDifference={() => setShowDifference((v) => !v)}
          showPulse={showPulse}
          onTogglePulse={() => setShowPulse((v) => !v)}
        />
        <p className="radar__finding" data-testid="radar-finding">
          {!plotCurves.difference
            ? compareKey === REFERENCE || !compareKey
              ? t('radar.noReference')
              : t('common.loading')
            : finding
              ? t('radar.finding', {
                  value: formatNumber(finding.value, locale),
                  position: formatNumber(finding.position, locale, 1),
                  against,
                })
              : t('radar.noFinding', { against })}
          {' · '}
          {t('radar.pulse', {
            speed: formatNumber(curve.pulseSpeed, locale, 3),
            step: formatNumber((curve.positions[1] ?? 0) - (curve.positions[0] ?? 0), locale, 2),
            length: formatNumber(curve.positions.at(-1) ?? 0, locale, 0),
          })}
        </p>
        <TableToggle open={asTable} onChange={setAsTable} controls={tableId} className="radar__table-toggle" />
      </>
    );
  }

  return (
    <div className="radar__layout">
      <div className="card radar__panel">
        <div className="radar__controls">
          <Select
            className="radar__channel"
            label={t('radar.channel')}
            value={String(channel)}
            options={channelOptions}
            onChange={(e) => setParam({ channel: e.target.value, date: null, compare: null })}
          />
          <Select
            className="radar__date"
            label={t('radar.date', { count: dates.length })}
            value={selected?.key ?? ''}
            options={
              dateOptions.length
                ? dateOptions
                : [{ value: '', label: datesQuery.data ? t('radar.noDatesShort') : t('common.loading') }]
            }
            disabled={dates.length === 0}
            onChange={(e) => setParam({ date: e.target.value })}
          />
          <Select
            className="radar__compare"
            label={t('radar.compareWith')}
            value={compareKey ?? ''}
            options={compareKey ? compareOptions : [{ value: '', label: t('radar.nothingToCompare') }]}
            disabled={!compareKey}
            onChange={(e) => setParam({ compare: e.target.value })}
          />
          <div className="radar__actions">
            {(datesQuery.isFetching || curveQuery.isFetching || compareQuery.isFetching) && (
              <Spinner label={t('common.loading')} />
            )}
            <Button
              icon={<Activity size={16} aria-hidden />}
              disabled={!curve || isReference || setReference.isPending}
              title={isReference ? t('radar.isReference') : t('radar.setReferenceHint')}
              onClick={() => setConfirmReference(true)}
            >
              {t('radar.setReference')}
            </Button>
            <Button
              variant="primary"
              icon={<MapPinPlus size={16} aria-hidden />}
              disabled={!curve}
              onClick={() => addAt(Math.round((curve?.positions.at(-1) ?? 0) / 2))}
            >
              {t('radar.markers.add')}
            </Button>
          </div>
        </div>
        <div className="radar__plotarea">{main}</div>
      </div>
      <div className="radar__aside">
        <SuggestedFaults
          suggested={suggested}
          canDecide
          busy={decisions.accept.isPending || decisions.dismiss.isPending}
          locale={locale}
          onAccept={(finding, name) => decisions.accept.mutateAsync({ finding, name })}
          onDismiss={(finding) => decisions.dismiss.mutate(finding)}
        />
        <MarkerList
          markers={markers}
          loading={markersQuery.isPending}
          error={markersQuery.error}
          onRetry={() => void markersQuery.refetch()}
          onEdit={(marker) => setDialog({ kind: 'edit', marker })}
          onDelete={setToDelete}
          onToggleLock={(marker) =>
            saveMarker.mutate({ target: { kind: 'edit', marker }, values: { ...marker, locked: !marker.locked } })
          }
          locale={locale}
          channel={channel}
        />
      </div>
      <MarkerDialog
        target={dialog}
        saving={saveMarker.isPending}
        onOpenChange={(open) => !open && setDialog(null)}
        onSave={(values) => dialog && saveMarker.mutate({ target: dialog, values })}
      />
      <ConfirmDialog
        open={confirmReference}
        onClose={() => setConfirmReference(false)}
        title={t('radar.setReferenceTitle')}
        text={t('radar.setReferenceText', { date: selected ? dateLabel(selected.date) : '', channel })}
        confirmLabel={t('radar.setReference')}
        danger={false}
        onConfirm={async () => curve && setReference.mutate(curve)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t('radar.markers.deleteTitle')}
        text={t('radar.markers.deleteText', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common.delete')}
        onConfirm={async () => toDelete && deleteMarker.mutate(toDelete)}
      />
    </div>
  );
}
