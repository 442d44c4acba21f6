import './radar.css';
import { ArrowLeft, RadarIcon, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/lib/http.ts';
import { useBackLink } from '@/lib/origin.ts';
import { useUnitDetails, useUnitOptions } from '@/lib/units.ts';
import { useDocumentTitle } from '@/lib/useDocumentTitle.ts';
import { CurveSketch } from './PlotParts.tsx';
import { RadarEmpty, RadarError, RangeSelect } from './RadarStates.tsx';
import { RadarView } from './RadarView.tsx';

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
          <CurveSketch />
        </div>
      </div>
      <div className="card radar__side">
        <span className="skeleton radar-skel__line" />
        <span className="skeleton radar-skel__line" />
      </div>
    </div>
  );
}
