import { closeSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/**
 * The agency's white label on prospect reports (PINPOINT_AGENCY_LOGO_FILE and the two
 * colours). The logo is checked twice at start-up: synchronously while the configuration is
 * read (a file, at most 1 MB, PNG or JPEG by its first bytes), so a wrong path stops the
 * process with the other configuration problems; and decoded by sharp when the report routes
 * register, so a truncated or disguised file never reaches a PDF.
 */

export const AGENCY_LOGO_MAX_BYTES = 1024 * 1024;
/** Pinpoint's own blue and orange, until the agency sets its colours. */
export const DEFAULT_AGENCY_PRIMARY_COLOR = '#1f5fbf';
export const DEFAULT_AGENCY_ACCENT_COLOR = '#f08c00';
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export interface AgencyLogo {
  /** Absolute path of the file. */
  file: string;
  type: 'image/png' | 'image/jpeg';
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * The configured logo, or a problem in words naming the variable. Reads 8 bytes at most:
 * configuration loading stays synchronous and cheap.
 */
export function checkAgencyLogoFile(given: string): AgencyLogo | { problem: string } {
  const file = path.resolve(given);
  const name = 'PINPOINT_AGENCY_LOGO_FILE';
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) return { problem: `${name} is not a file (got "${given}")` };
    size = stat.size;
  } catch {
    return { problem: `${name} names no file that can be read (got "${given}")` };
  }
  if (size > AGENCY_LOGO_MAX_BYTES) {
    return { problem: `${name} must be at most 1 MB (got ${size.toLocaleString('en-US')} bytes)` };
  }
  const head = Buffer.alloc(8);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 8, 0);
  } finally {
    closeSync(fd);
  }
  if (head.equals(PNG_SIGNATURE)) return { file, type: 'image/png' };
  if (head.subarray(0, 3).equals(JPEG_SIGNATURE)) return { file, type: 'image/jpeg' };
  return { problem: `${name} must be a PNG or JPEG image (got "${given}")` };
}

/**
 * Decodes the logo's header with sharp: the file must really be the PNG or JPEG its first
 * bytes claim, with a size. Throws a message naming the variable (the server prints it and
 * stops).
 */
export async function verifyAgencyLogo(
  logo: AgencyLogo,
): Promise<{ width: number; height: number }> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(logo.file).metadata();
  } catch (error) {
    throw new Error(
      `PINPOINT_AGENCY_LOGO_FILE is not a readable image (${(error as Error).message})`,
    );
  }
  const format = logo.type === 'image/png' ? 'png' : 'jpeg';
  if (meta.format !== format || !meta.width || !meta.height) {
    throw new Error(`PINPOINT_AGENCY_LOGO_FILE must be a PNG or JPEG image (read ${meta.format})`);
  }
  return { width: meta.width, height: meta.height };
}
