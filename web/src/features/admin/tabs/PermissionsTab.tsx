import './usage.css';
import { accessLevels, actions, ROLE_CAPABILITIES, resources } from '@fieldwatch/core';
import { Check, Minus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Section } from '../AdminParts.tsx';
import { AdminTable } from './AdminTable.tsx';

/** Permissions: core's role × capability table, read-only — the same table the server enforces. */
export function PermissionsTab() {
  const { t } = useTranslation();
  return (
    <Section title={t('admin.permissions.title')} description={t('admin.permissions.text')}>
      <AdminTable
        className="admin-matrix"
        caption={t('admin.permissions.title')}
        columns={[
          t('admin.permissions.resource'),
          t('admin.permissions.action'),
          ...accessLevels.map((l) => ({ label: t(`roles.${l}`), className: 'admin-matrix__role' })),
        ]}
      >
        {resources.map((r) =>
          actions.map((a, i) => (
            <tr key={`${r}-${a}`} className={i === 0 ? 'admin-matrix__first' : undefined}>
              {i === 0 && (
                <th scope="rowgroup" rowSpan={actions.length} className="admin-matrix__resource">
                  {t(`admin.permissions.resources.${r}`)}
                </th>
              )}
              <th scope="row" className="admin-matrix__action">
                {t(`admin.permissions.actions.${a}`)}
              </th>
              {accessLevels.map((l) => {
                const yes = ROLE_CAPABILITIES[l][r].includes(a);
                return (
                  <td key={l} className={`admin-matrix__cell${yes ? ' admin-matrix__cell--yes' : ''}`}>
                    {yes ? <Check size={16} aria-hidden /> : <Minus size={14} aria-hidden />}
                    <span className="visually-hidden">
                      {yes ? t('admin.permissions.yes') : t('admin.permissions.no')}
                    </span>
                  </td>
                );
              })}
            </tr>
          )),
        )}
      </AdminTable>
      <p className="admin-section__text">{t('admin.permissions.scope')}</p>
    </Section>
  );
}
