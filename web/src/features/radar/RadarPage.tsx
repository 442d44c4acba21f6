import './radar.css';
import type { Marker } from '@fieldwatch/core';
import {
  Activity,
  ArrowLeft,
  CalendarX2,
  Lock,
  MapPinPlus,
  Pencil,
  RadarIcon,
  SearchX,
  Trash2,
  Unlock,
} from 'lucide-react';
import { type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/http.ts';
import { useBackLink } from '@/lib/origin.ts';
import { toast } from '@/lib/toast.ts';
import { useUnitDetails, useUnitOptions } from '@/lib/units.ts';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { useDocumentTitle } from '@/lib/useDocumentTitle.ts';
import { useThemeTokens } from '@/lib/useThemeTokens.ts';
import { Button, IconButton } from '@/ui/Button.tsx';
import { NumbersTable, TableToggle } from '@/ui/NumbersTable.tsx';
import { Select } from '@/ui/Select.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { ConfirmDialog, MarkerDialog, type MarkerTarget } from './MarkerDialog.tsx';
import { formatNumber, type PlotCurves, RadarPlot } from './RadarPlot.tsx';
import { RadarEmpty, RadarError, RangeSelect, useRadarRange } from './RadarStates.tsx';
import { useRadarChanges, useRadarCurve, useRadarDates, useRadarMarkers } from './radarApi.ts';
import {
  channelIndexFrom,
  differenceOf,
  firstEchoIndex,
  largestDeparture,
  radarDatesNewestFirst,
  wireChannel,
} from './radarMath.ts';
import { radarColors } from './radarTheme.ts';

/** "Compare with": the channel's reference curve, or the curve of another listed date. */
const REFERENCE = 'reference';

/** Departures smaller than this are noise, not a finding worth a sentence. */
const FINDING_MINIMUM = 20;

/**
 * The radar (TDR) view of a unit's channel (route /radar/:unitId?channel=N, N 1-based as on the
 * server): the curve of a stored date with the reference or another date beside it, the difference
 * below, the markers on both, and "Set as reference".
 */
export function RadarPage() {
  const { t } = useTranslation();
  const { unitId: param } = useParams();
  const unitId = Number(param);
  const valid = Number.isInteger(unitId) && unitId > 0;

  const details = useUnitDetails(valid ? unitId : undefined, 60_000);
  const options = useUnitOptions(valid ? unitId : undefined, 60_000);
  const unitName = details.data?.name ?? '';
  const back = useBackLink();
  useDocumentTitle(unitName ? t('radar.documentTitle', { unit: unitName }) : t('radar.title'));

  const failed = details.error ?? options.error;
  let body: ReactNode;
  if (!valid || (failed instanceof ApiError && (failed.status === 404 || failed.status === 400))) {
    body = <PageState icon={<SearchX size={22} />} title={t('radar.notFound')} text={t('radar.notFoundText')} back />;
  } else if (failed) {
    body = (
      <div className="card radar__state">
        <RadarError
          title={t('radar.unitFailed')}
          error={failed}
          onRetry={() => {
            void details.refetch();
            void options.refetch();
          }}
        />
      </div>
    );
  } else if (!details.data || !options.data) {
    body = <RadarSkeleton />;
  } else if (!options.data.unitGroups.includes('radar') || options.data.channels.length === 0) {
    body = (
      <PageState
        icon={<RadarIcon size={22} />}
        title={t('radar.noRadar')}
        text={t('radar.noRadarText', { unit: unitName, type: details.data.type.name })}
        back
      />
    );
  } else {
    body = <RadarView unitId={unitId} channels={options.data.channels} />;
  }

  return (
    <section className="radar" aria-labelledby="radar-title">
      <div className="page__head radar__head">
        <div className="radar__heading">
          <Link className="radar__back" to={back.to}>
            <ArrowLeft size={14} aria-hidden className="radar__back-icon" />
            {back.label}
          </Link>
          <h1 id="radar-title" className="page__title radar__title">
            {unitName || t('radar.title')}
          </h1>
          {details.data && (
            <p className="radar__sub">
              {[t('radar.title'), details.data.type.name, details.data.location].filter(Boolean).join(' · ')}
            </p>
          )}
        </div>
        {options.data?.unitGroups.includes('radar') && <RangeSelect />}
      </div>
      {body}
    </section>
  );
}

function PageState({ icon, title, text, back }: { icon: ReactNode; title: string; text: string; back?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="card radar__state">
      <RadarEmpty icon={icon} title={title} text={text} />
      {back && (
        <p className="radar__state-link">
          <Link to="/dashboard/default">{t('radar.backHome')}</Link>
        </p>
      )}
    </div>
  );
}

function RadarSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="radar__layout" role="status" aria-label={t('common.loading')}>
      <div className="card radar__panel">
        <div className="radar-skel__controls">
          <span className="skeleton" />
          <span className="skeleton" />
          <span className="skeleton" />
        </div>
        <div className="radar-skel__plot" aria-hidden>
          <svg viewBox="0 0 400 120" preserveAspectRatio="none" aria-hidden="true">
            <path d="M0 10 C 8 110, 20 70, 40 64 S 120 60, 160 66 S 220 58, 260 64 S 330 40, 350 62 S 390 66, 400 64" />
          </svg>
        </div>
      </div>
      <div className="card radar__side">
        <span className="skeleton radar-skel__line" />
        <span className="skeleton radar-skel__line" />
      </div>
    </div>
  );
}

/** A user-facing message for a failed change: the server's reasons for 403 and 409 in the user's language. */
function changeError(t: ReturnType<typeof useTranslation>['t'], e: unknown): string {
  if (e instanceof ApiError && e.status === 403) return t('radar.noWrite');
  if (e instanceof ApiError && e.status === 409) return t('radar.markers.lockedError');
  return e instanceof Error && e.message ? e.message : t('errors.generic');
}

function RadarView({ unitId, channels }: { unitId: number; channels: number[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const theme = useThemeTokens();
  const when = useDateFormat();
  const [search, setSearch] = useSearchParams();
  const channelIndex = channelIndexFrom(search.get('channel'), channels) ?? 0;
  const channel = wireChannel(channelIndex);
  const range = useRadarRange();
  // The curves' numbers as a table under the plot, on demand (issue 11).
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
      <MarkerDialog
        target={dialog}
        saving={saveMarker.isPending}
        onOpenChange={(open) => !open && setDialog(null)}
        onSave={(values) => dialog && saveMarker.mutate({ target: dialog, values })}
      />
      <ConfirmDialog
        open={confirmReference}
        onOpenChange={setConfirmReference}
        title={t('radar.setReferenceTitle')}
        text={t('radar.setReferenceText', { date: selected ? dateLabel(selected.date) : '', channel })}
        confirm={t('radar.setReference')}
        onConfirm={() => curve && setReference.mutate(curve)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('radar.markers.deleteTitle')}
        text={t('radar.markers.deleteText', { name: toDelete?.name ?? '' })}
        confirm={t('common.delete')}
        danger
        onConfirm={() => toDelete && deleteMarker.mutate(toDelete)}
      />
    </div>
  );
}

function PlotLoading() {
  const { t } = useTranslation();
  return (
    <div className="radar-skel__plot" role="status" aria-label={t('common.loading')}>
      <svg viewBox="0 0 400 120" preserveAspectRatio="none" aria-hidden="true">
        <path d="M0 10 C 8 110, 20 70, 40 64 S 120 60, 160 66 S 220 58, 260 64 S 330 40, 350 62 S 390 66, 400 64" />
      </svg>
    </div>
  );
}

function Legend({
  names,
  curve,
  colors,
  showDifference,
  onToggleDifference,
  showPulse,
  onTogglePulse,
}: {
  names: { curve: string; compare: string | null; difference: string };
  curve: PlotCurves;
  colors: ReturnType<typeof radarColors>;
  showDifference: boolean;
  onToggleDifference: () => void;
  showPulse: boolean;
  onTogglePulse: () => void;
}) {
  const { t } = useTranslation();
  const swatch = (stroke: string, dash?: string) => (
    <svg className="radar-legend__swatch" width="18" height="8" viewBox="0 0 18 8" aria-hidden>
      <line x1="1" y1="4" x2="17" y2="4" stroke={stroke} strokeDasharray={dash} />
    </svg>
  );
  return (
    <div className="radar-legend">
      <span className="radar-legend__item">
        {swatch(colors.curve)}
        {names.curve}
      </span>
      {names.compare && curve.compare && (
        <span className="radar-legend__item">
          {swatch(colors.compare, '5 3')}
          {names.compare}
        </span>
      )}
      {curve.difference && (
        <button
          type="button"
          className="radar-legend__item radar-legend__toggle"
          aria-pressed={showDifference}
          title={t('radar.toggleDifference')}
          onClick={onToggleDifference}
        >
          {swatch(colors.difference)}
          {names.difference}
        </button>
      )}
      <button
        type="button"
        className="radar-legend__item radar-legend__toggle radar-legend__pulse"
        aria-pressed={showPulse}
        title={t('radar.pulseHint')}
        onClick={onTogglePulse}
      >
        {t('radar.showPulse')}
      </button>
    </div>
  );
}

function MarkerList({
  markers,
  loading,
  error,
  onRetry,
  onEdit,
  onDelete,
  onToggleLock,
  locale,
  channel,
}: {
  markers: Marker[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onEdit: (m: Marker) => void;
  onDelete: (m: Marker) => void;
  onToggleLock: (m: Marker) => void;
  locale: string;
  channel: number;
}) {
  const { t } = useTranslation();
  let content: ReactNode;
  if (error && markers.length === 0) {
    content = <RadarError title={t('radar.markers.failed')} error={error} onRetry={onRetry} />;
  } else if (loading) {
    content = (
      <div role="status" aria-label={t('common.loading')} className="radar-markers__loading">
        <span className="skeleton radar-skel__line" />
        <span className="skeleton radar-skel__line" />
      </div>
    );
  } else if (markers.length === 0) {
    content = <p className="radar-markers__empty">{t('radar.markers.empty')}</p>;
  } else {
    content = (
      <ul className="radar-markers__list">
        {markers.map((m) => (
          <li key={m.id} className="radar-markers__item" data-marker={m.name}>
            <div className="radar-markers__main">
              <span className="radar-markers__name">
                {m.locked && <Lock size={12} aria-label={t('radar.markers.locked')} />}
                <bdi>{m.name}</bdi>
              </span>
              <span className="radar-markers__pos">
                {t('radar.markers.at', { position: formatNumber(m.position, locale, 2) })}
              </span>
              <span className="radar-markers__meta">
                {t('radar.markers.speed', { speed: formatNumber(m.pulseSpeed, locale, 3) })}
              </span>
              {m.comments && (
                <span className="radar-markers__comments" dir="auto">
                  {m.comments}
                </span>
              )}
            </div>
            <div className="radar-markers__tools">
              <IconButton label={t('radar.markers.editNamed', { name: m.name })} onClick={() => onEdit(m)}>
                <Pencil size={16} aria-hidden />
              </IconButton>
              <IconButton
                label={t(m.locked ? 'radar.markers.unlockNamed' : 'radar.markers.lockNamed', { name: m.name })}
                aria-pressed={m.locked}
                onClick={() => onToggleLock(m)}
              >
                {m.locked ? <Unlock size={16} aria-hidden /> : <Lock size={16} aria-hidden />}
              </IconButton>
              <IconButton
                label={
                  m.locked
                    ? t('radar.markers.deleteLocked', { name: m.name })
                    : t('radar.markers.deleteNamed', { name: m.name })
                }
                disabled={m.locked}
                onClick={() => onDelete(m)}
              >
                <Trash2 size={16} aria-hidden />
              </IconButton>
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <aside className="card radar__side" aria-labelledby="radar-markers-title">
      <div className="radar-markers__head">
        <h2 id="radar-markers-title" className="radar-markers__title">
          {t('radar.markers.title', { channel })}
        </h2>
        <span className="radar-markers__count">{t('radar.markers.count', { count: markers.length })}</span>
      </div>
      {content}
      <p className="radar-markers__note">{t('radar.markers.lockNote')}</p>
    </aside>
  );
}

/** The radar curves' numbers: a row per distance, a column per curve drawn (issue 11). */
function CurveTable({
  id,
  curves,
  names,
  locale,
}: {
  id: string;
  curves: PlotCurves;
  names: { curve: string; compare: string | null; difference: string };
  locale: string;
}) {
  const { t } = useTranslation();
  const shown = [
    { label: names.curve, values: curves.values },
    ...(curves.compare && names.compare ? [{ label: names.compare, values: curves.compare }] : []),
    ...(curves.difference ? [{ label: names.difference, values: curves.difference }] : []),
  ];
  const cell = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '–' : formatNumber(v, locale, 2));
  return (
    <NumbersTable
      id={id}
      className="radar__table"
      caption={t('radar.plot.label', { curve: names.curve })}
      columns={[
        { label: t('radar.plot.distance'), numeric: true },
        ...shown.map((c) => ({ label: c.label, numeric: true })),
      ]}
      rows={curves.positions.map((p, i) => [formatNumber(p, locale, 2), ...shown.map((c) => cell(c.values[i]))])}
    />
  );
}
