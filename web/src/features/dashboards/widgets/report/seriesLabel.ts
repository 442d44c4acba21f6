import type { SeriesDef } from '@fieldwatch/core';
import type { TFunction } from 'i18next';

/** A series' name in the interface language (the chart's names), with its channel: "Resistance 2". */
export const seriesLabel = (t: TFunction, s: Pick<SeriesDef, 'key' | 'channel'>) =>
  s.channel === null
    ? t(`chart.series.${s.key}`)
    : t('chart.seriesChannel', { name: t(`chart.series.${s.key}`), channel: s.channel });
