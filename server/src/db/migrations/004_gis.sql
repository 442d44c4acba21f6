-- GIS features of an organisation (core's GIS types; shown to customers with the TyrensGIS right).
-- gis_type is the id of core's GIS_TYPES; geometry is a GeoJSON Point, LineString or Polygon.
create table gis_features (
  id serial primary key,
  organization_id integer not null references organizations(id) on delete cascade,
  gis_type smallint not null check (gis_type between 1 and 9),
  name text not null default '',
  geometry jsonb not null,
  created_at timestamptz not null default now()
);
create index gis_features_organization_idx on gis_features (organization_id, gis_type);
