import { validateBlank } from '@fieldwatch/core';
import { ArrowRight, CircleAlert, LocateFixed, MapPin } from 'lucide-react';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { PlaceMap } from './PlaceMap.tsx';
import { Notice, StepFrame } from './StepFrame.tsx';
import { type Position, useGeolocation } from './useGeolocation.ts';

export type Placement = { position: Position | null; location: string; name: string };

type Props = {
  unitType: string;
  serial: string;
  placement: Placement;
  /** A change to merge into the latest placement (the phone answers later, while the person types). */
  onChange: (patch: Partial<Placement>) => void;
  onPlaced: () => void;
  onBack: () => void;
};

/**
 * Step 8, place device: where the unit stands, from the phone held at it or a pick on the map,
 * a location text to find it by, and optionally its name.
 */
export function PlaceDeviceStep({ unitType, serial, placement, onChange, onPlaced, onBack }: Props) {
  const { t } = useTranslation();
  const [locationError, setLocationError] = useState<string>();
  const setPosition = useCallback((position: Position) => onChange({ position }), [onChange]);
  const geo = useGeolocation(setPosition);
  const { position } = placement;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const blank = validateBlank(placement.location, t('onboarding.place.location'));
    setLocationError(blank ? t(blank.key, blank.params) : undefined);
    if (!blank) onPlaced();
  };

  const geoProblem = ['denied', 'unavailable', 'timeout', 'unsupported'].includes(geo.status);
  return (
    <StepFrame
      phase="place"
      title={t('onboarding.place.title')}
      text={t('onboarding.place.text', { type: unitType })}
      onBack={onBack}
      wide
    >
      <form className="onb__form" onSubmit={submit} noValidate>
        <div className="onb__place">
          <div className="onb__place-position">
            <Button
              block
              onClick={geo.locate}
              disabled={geo.status === 'locating'}
              icon={geo.status === 'locating' ? <Spinner /> : <LocateFixed size={16} />}
            >
              {geo.status === 'locating' ? t('onboarding.place.locating') : t('onboarding.place.usePhone')}
            </Button>
            {geoProblem && (
              <Notice tone="danger" icon={<CircleAlert size={20} />}>
                <p>{t(`onboarding.place.geo.${geo.status}`)}</p>
              </Notice>
            )}
            <p className="onb__position" aria-live="polite">
              <MapPin size={16} aria-hidden />
              {position
                ? t('onboarding.place.position', { lat: position[0].toFixed(6), long: position[1].toFixed(6) })
                : t('onboarding.place.noPosition')}
              {position && geo.status === 'found' && geo.accuracy !== undefined && (
                <span className="onb__hint"> {t('onboarding.place.accuracy', { metres: geo.accuracy })}</span>
              )}
            </p>
            <PlaceMap position={position} onPick={setPosition} />
          </div>
          <div className="onb__place-fields">
            <TextField
              label={t('onboarding.place.location')}
              name="location"
              maxLength={200}
              value={placement.location}
              error={locationError}
              help={t('onboarding.place.locationHelp')}
              onChange={(e) => onChange({ location: e.target.value })}
            />
            <TextField
              label={t('onboarding.place.name')}
              name="unitName"
              maxLength={100}
              value={placement.name}
              help={serial ? t('onboarding.place.nameHelp', { serial }) : undefined}
              onChange={(e) => onChange({ name: e.target.value })}
            />
            <Button type="submit" variant="primary" block icon={<ArrowRight size={16} className="mirror" />}>
              {t('onboarding.place.activate')}
            </Button>
          </div>
        </div>
      </form>
    </StepFrame>
  );
}
