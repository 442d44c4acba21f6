import './unitTabs.css';
import { BUILTIN_KEYS } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { Copy, Nfc } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '@/lib/query.ts';
import { toast } from '@/lib/toast.ts';
import { useUserStore } from '@/stores/user.ts';
import { Button } from '@/ui/Button.tsx';
import { Select } from '@/ui/Select.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { deviceQueries } from '../deviceQueries.ts';
import { tagHostApi } from '../devicesApi.ts';
import { TagQrCode } from './TagQrCode.tsx';

const NONE = -1;
const DISABLED = 0;

const fieldFailed = (name: 'template' | 'restriction') =>
  name === 'template' ? 'devices.nfc.templateFailed' : 'devices.nfc.statusFailed';

/** A tag's template or restriction; a failure shows the spec's NFC toast. */
function useTagField(unitId: number, tag: string, name: 'template' | 'restriction') {
  const { t } = useTranslation();
  return useQuery(deviceQueries.tagField(unitId, tag, name, () => toast(t(fieldFailed(name)), 'danger')));
}

/**
 * The unit's NFC tag through the tag host calls: its uuid and onboarding link, its
 * template (the dashboard a customer onboarded by it starts on) and restriction (bound to an
 * organization, or disabled). Failures show the spec's NFC toasts.
 */
export function NfcTag({ unitId, unitName, canEdit }: { unitId: number; unitName: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const customers = useUserStore((s) => s.accessResponse?.Customers ?? []);
  const tagQuery = deviceQueries.tag(unitId, () => toast(t('devices.nfc.tagFailed'), 'danger'));
  const uuid = useQuery(tagQuery);
  const tag = uuid.data ?? '';
  const template = useTagField(unitId, tag, 'template');
  const restriction = useTagField(unitId, tag, 'restriction');

  if (uuid.isPending) return <Skeleton lines={3} />;
  const link = tag ? `${window.location.origin}/nfc/${tag}` : '';
  const set = async (name: 'template' | 'restriction', id: number) => {
    try {
      await tagHostApi.set(tag, name, id);
      void queryClient.invalidateQueries({ queryKey: deviceQueries.tagField(unitId, tag, name, () => {}).queryKey });
      toast(t('devices.nfc.saved'), 'success');
    } catch {
      toast(t(fieldFailed(name)), 'danger');
    }
  };
  const create = async () => {
    try {
      await tagHostApi.create(unitId);
      void queryClient.invalidateQueries({ queryKey: tagQuery.queryKey });
    } catch {
      toast(t('devices.nfc.tagFailed'), 'danger');
    }
  };

  return (
    <section className="nfc" aria-labelledby="nfc-title">
      <h3 id="nfc-title" className="tab-section__title">
        <Nfc size={16} aria-hidden /> {t('devices.nfc.tag')}
      </h3>
      {!tag ? (
        <div className="nfc__none">
          <p className="muted">{t('devices.nfc.noTag')}</p>
          {canEdit && <Button onClick={() => void create()}>{t('devices.nfc.create')}</Button>}
        </div>
      ) : (
        <>
          <dl className="facts">
            <dt>{t('devices.nfc.uuid')}</dt>
            <dd>
              <code>{tag}</code>
            </dd>
            <dt>{t('devices.nfc.link')}</dt>
            <dd className="nfc__link">
              <a href={link}>{link}</a>
              <Button
                variant="ghost"
                icon={<Copy size={14} aria-hidden />}
                onClick={() =>
                  void navigator.clipboard?.writeText(link).then(() => toast(t('devices.nfc.copied'), 'success'))
                }
              >
                {t('devices.nfc.copy')}
              </Button>
            </dd>
          </dl>
          <TagQrCode link={link} unitName={unitName} />
          <div className="nfc__fields">
            <Select
              label={t('devices.nfc.template')}
              value={String(template.data ?? NONE)}
              disabled={!canEdit || template.isPending}
              onChange={(e) => void set('template', Number(e.target.value))}
              options={[
                { value: String(NONE), label: t('devices.nfc.none') },
                ...BUILTIN_KEYS.map((k, i) => ({ value: String(i + 1), label: t(`builtin.${k}`) })),
              ]}
            />
            <Select
              label={t('devices.nfc.restriction')}
              value={String(restriction.data ?? NONE)}
              disabled={!canEdit || restriction.isPending}
              onChange={(e) => void set('restriction', Number(e.target.value))}
              options={[
                { value: String(NONE), label: t('devices.nfc.anyOrganization') },
                { value: String(DISABLED), label: t('devices.nfc.disabled') },
                ...customers.map((c) => ({ value: String(c.CustomerID), label: c.CustomerName })),
              ]}
            />
          </div>
        </>
      )}
    </section>
  );
}
