import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_MAX_BYTES } from '@mepedia/contracts';
import { UPLOAD_FORM_ALLOWANCE_BYTES } from './proxy';

const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

describe('the gateway’s Ingress (k8s/base/apps/gateway/ingress.yaml)', () => {
  it('lets an upload of the largest image through to the gateway, which then holds the limits', () => {
    const manifest = readFileSync(
      join(__dirname, '../../../k8s/base/apps/gateway/ingress.yaml'),
      'utf8',
    );
    const [, size = '', unit = ''] =
      /nginx\.ingress\.kubernetes\.io\/proxy-body-size:\s*"?(\d+)([kmg]?)"?/i.exec(manifest) ?? [];
    const allowed = Number(size) * (UNITS[unit.toLowerCase()] ?? Number.NaN);
    expect(allowed).toBeGreaterThanOrEqual(IMAGE_MAX_BYTES + UPLOAD_FORM_ALLOWANCE_BYTES);
  });
});
