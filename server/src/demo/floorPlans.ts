import type { Db } from '../db/db.ts';
import { seedFloorPlans } from '../modules/floorPlans/floorPlans.service.ts';

/**
 * Demo floor plans: two office floors drawn as plain SVG (walls, rooms, a corridor, doors, labels),
 * and where in them the demo's climate sensors hang. Neutral greys on a transparent ground, so the
 * plan reads on the dark and on the bright theme alike.
 */

type Room = { x: number; y: number; w: number; h: number; label: string; sensor?: boolean };
export type DemoFloor = { name: string; svg: string; spots: { x: number; y: number }[] };

const W = 1200;
const H = 760;
const WALL = '#8b95a7';
const ROOM = 'rgba(139,149,167,0.10)';
const HALL = 'rgba(139,149,167,0.22)';
const TEXT = '#8b95a7';
const GLASS = '#cfe3f5';

/** A floor: rooms above and below a corridor running through the middle. */
function floor(name: string, rooms: Room[]): DemoFloor {
  const corridor = { y: 330, h: 100 };
  const parts: string[] = [];
  parts.push(
    `<rect x="20" y="20" width="${W - 40}" height="${H - 40}" fill="none" stroke="${WALL}" stroke-width="8"/>`,
  );
  parts.push(
    `<rect x="24" y="${corridor.y}" width="${W - 48}" height="${corridor.h}" fill="${HALL}"/>`,
    `<text x="${W / 2}" y="${corridor.y + corridor.h / 2 + 7}" text-anchor="middle" font-size="20" letter-spacing="6" fill="${TEXT}">CORRIDOR</text>`,
  );
  for (const r of rooms) {
    parts.push(
      `<rect x="${r.x}" y="${r.y}" width="${r.w}" height="${r.h}" fill="${ROOM}" stroke="${WALL}" stroke-width="4"/>`,
    );
    // A door on the corridor side: its swing.
    const onTop = r.y < corridor.y;
    const doorY = onTop ? r.y + r.h : r.y;
    const dx = r.x + Math.min(40, r.w / 4);
    const leaf = onTop ? doorY - 44 : doorY + 44;
    parts.push(
      `<line x1="${dx}" y1="${doorY}" x2="${dx}" y2="${leaf}" stroke="${WALL}" stroke-width="2"/>`,
      `<path d="M ${dx} ${leaf} A 44 44 0 0 ${onTop ? 1 : 0} ${dx + 44} ${doorY}" fill="none" stroke="${WALL}" stroke-width="1.5" stroke-dasharray="4 4"/>`,
    );
    parts.push(
      `<text x="${r.x + r.w / 2}" y="${r.y + (onTop ? 44 : r.h - 28)}" text-anchor="middle" font-size="22" font-weight="600" fill="${TEXT}">${r.label}</text>`,
    );
  }
  // Windows on the outer walls.
  for (let x = 80; x < W - 80; x += 120) {
    parts.push(
      `<line x1="${x}" y1="20" x2="${x + 60}" y2="20" stroke="${GLASS}" stroke-width="3"/>`,
      `<line x1="${x}" y1="${H - 20}" x2="${x + 60}" y2="${H - 20}" stroke="${GLASS}" stroke-width="3"/>`,
    );
  }
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="system-ui, sans-serif">`,
    `<title>${name}</title>`,
    ...parts,
    '</svg>',
  ].join('\n');
  // Sensors hang in the middle of their room, below the label.
  const spots = rooms
    .filter((r) => r.sensor !== false)
    .map((r) => {
      const onTop = r.y < corridor.y;
      return {
        x: Number(((r.x + r.w / 2) / W).toFixed(4)),
        y: Number(((r.y + (onTop ? r.h * 0.62 : r.h * 0.42)) / H).toFixed(4)),
      };
    });
  return { name, svg, spots };
}

/** A room of the row that starts at y: both rows are equally deep. */
const row =
  (y: number) =>
  (x: number, w: number, label: string, sensor?: boolean): Room => ({ x, y, w, h: 306, label, sensor });
const top = row(24);
const bottom = row(430);

export const DEMO_FLOORS: readonly DemoFloor[] = [
  floor('Ground floor', [
    top(24, 300, 'Reception'),
    top(324, 260, 'Meeting room'),
    top(584, 200, 'Kitchen'),
    top(784, 392, 'Open office'),
    bottom(24, 220, 'Office 1'),
    bottom(244, 220, 'Office 2'),
    bottom(464, 160, 'WC', false),
    bottom(624, 160, 'Stairs', false),
    bottom(784, 392, 'Server room'),
  ]),
  floor('First floor', [
    top(24, 380, 'Library'),
    top(404, 380, 'Workshop'),
    top(784, 392, 'Conference'),
    bottom(24, 300, 'Office 3'),
    bottom(324, 300, 'Office 4'),
    bottom(624, 160, 'Stairs', false),
    bottom(784, 392, 'Lounge'),
  ]),
];

/** The demo's climate units, by organization, as seedDemoFloorPlans needs them. */
type ClimateUnit = { id: number; organizationId: number };

/**
 * Gives every organization with climate units the two demo floors, once (an organization that has
 * plans keeps them), with its climate units in the rooms: ground floor first, then the first floor.
 */
export async function seedDemoFloorPlans(db: Db, units: readonly ClimateUnit[]): Promise<number> {
  const byOrg = new Map<number, number[]>();
  for (const u of units) byOrg.set(u.organizationId, [...(byOrg.get(u.organizationId) ?? []), u.id]);
  let seeded = 0;
  for (const [organizationId, ids] of byOrg) {
    const queue = [...ids].sort((a, b) => a - b);
    const floors = DEMO_FLOORS.map((f) => ({
      name: f.name,
      data: Buffer.from(f.svg),
      placements: f.spots.flatMap((spot) => {
        const unitId = queue.shift();
        return unitId === undefined ? [] : [{ unitId, ...spot }];
      }),
    }));
    if (await seedFloorPlans(db, organizationId, floors)) seeded++;
  }
  return seeded;
}
