import {
  Cloud,
  CloudDrizzle,
  CloudFog,
  CloudHail,
  CloudLightning,
  CloudRain,
  CloudRainWind,
  CloudSnow,
  CloudSun,
  type LucideIcon,
  Snowflake,
  Sun,
} from 'lucide-react';

/**
 * WMO weather interpretation codes (the `weathercode` of Open-Meteo, WMO 4677 reduced) as an icon
 * and an i18n key under `weather.codes.`. Unknown or missing codes are `unknown`.
 */
export type WeatherKind = { key: string; icon: LucideIcon };

const KINDS: Record<number, WeatherKind> = {
  0: { key: 'clear', icon: Sun },
  1: { key: 'mainlyClear', icon: CloudSun },
  2: { key: 'partlyCloudy', icon: CloudSun },
  3: { key: 'overcast', icon: Cloud },
  45: { key: 'fog', icon: CloudFog },
  48: { key: 'rimeFog', icon: CloudFog },
  51: { key: 'drizzleLight', icon: CloudDrizzle },
  53: { key: 'drizzle', icon: CloudDrizzle },
  55: { key: 'drizzleDense', icon: CloudDrizzle },
  56: { key: 'freezingDrizzle', icon: CloudDrizzle },
  57: { key: 'freezingDrizzle', icon: CloudDrizzle },
  61: { key: 'rainLight', icon: CloudRain },
  63: { key: 'rain', icon: CloudRain },
  65: { key: 'rainHeavy', icon: CloudRain },
  66: { key: 'freezingRain', icon: CloudHail },
  67: { key: 'freezingRain', icon: CloudHail },
  71: { key: 'snowLight', icon: Snowflake },
  73: { key: 'snow', icon: Snowflake },
  75: { key: 'snowHeavy', icon: Snowflake },
  77: { key: 'snowGrains', icon: Snowflake },
  80: { key: 'showersLight', icon: CloudRainWind },
  81: { key: 'showers', icon: CloudRainWind },
  82: { key: 'showersViolent', icon: CloudRainWind },
  85: { key: 'snowShowers', icon: CloudSnow },
  86: { key: 'snowShowersHeavy', icon: CloudSnow },
  95: { key: 'thunderstorm', icon: CloudLightning },
  96: { key: 'thunderstormHail', icon: CloudLightning },
  99: { key: 'thunderstormHail', icon: CloudLightning },
};

export const UNKNOWN_WEATHER: WeatherKind = { key: 'unknown', icon: Cloud };

/** Every i18n key the mapping can answer (the locale must hold each under weather.codes). */
export const WEATHER_CODE_KEYS = [...new Set([...Object.values(KINDS).map((k) => k.key), UNKNOWN_WEATHER.key])];

export function weatherKind(code: number | null | undefined): WeatherKind {
  return (code === null || code === undefined ? undefined : KINDS[code]) ?? UNKNOWN_WEATHER;
}

/** The mean of placed units' positions (a unit map's answer), rounded to 2 decimals. */
export function centroid(
  points: readonly { lat: number; lng: number }[],
): { lat: number; lon: number; count: number } | undefined {
  if (points.length === 0) return undefined;
  let lat = 0;
  let lon = 0;
  for (const p of points) {
    lat += p.lat;
    lon += p.lng;
  }
  const round2 = (x: number) => Math.round(x * 100) / 100 || 0;
  return { lat: round2(lat / points.length), lon: round2(lon / points.length), count: points.length };
}

/**
 * Where a day's min–max sits on the scale of all shown days, as start offset and length in percent
 * (the range bars of the weather rows). A day without both values gets no bar.
 */
export function rangeBar(
  min: number | null,
  max: number | null,
  scale: { min: number; max: number },
): { start: number; size: number } | undefined {
  if (min === null || max === null) return undefined;
  const span = scale.max - scale.min;
  if (!(span > 0)) return { start: 0, size: 100 };
  const start = ((Math.min(min, max) - scale.min) / span) * 100;
  const size = ((Math.abs(max - min) / span) * 100) as number;
  return { start: clamp(start, 0, 100), size: clamp(size, 0, 100 - clamp(start, 0, 100)) };
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** The lowest minimum and highest maximum over the days (undefined when no day has both). */
export function temperatureScale(
  days: readonly { temperatureMin: number | null; temperatureMax: number | null }[],
): { min: number; max: number } | undefined {
  const mins = days.map((d) => d.temperatureMin).filter((x): x is number => x !== null);
  const maxs = days.map((d) => d.temperatureMax).filter((x): x is number => x !== null);
  if (!mins.length || !maxs.length) return undefined;
  return { min: Math.min(...mins), max: Math.max(...maxs) };
}
