/**
 * EXIF orientation (TIFF tag 0x0112): how the stored pixels must be turned
 * to show the photo upright. 1 is "as stored"; 2-8 are the mirrorings and
 * quarter turns a camera records instead of rotating the pixels itself.
 */
export type ExifOrientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

const EXIF_SIGNATURE = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]; // "Exif\0\0"
const ORIENTATION_TAG = 0x0112;
const TYPE_SHORT = 3;
const IFD_ENTRY_SIZE = 12;

/**
 * Reads the orientation from the payload of an APP1 segment (the bytes after
 * the segment length). Null when the segment is not EXIF at all (XMP also
 * uses APP1). The payload comes from an upload, so every offset is checked
 * against the buffer, and anything unexpected inside EXIF means "as stored"
 * rather than an error: a photo with a broken EXIF block is still a photo.
 */
export function readExifOrientation(app1: Uint8Array): ExifOrientation | null {
  for (let i = 0; i < EXIF_SIGNATURE.length; i++) {
    if (app1[i] !== EXIF_SIGNATURE[i]) return null;
  }
  if (app1.length < EXIF_SIGNATURE.length + 8) return 1;
  // Offsets inside EXIF count from the start of the TIFF header.
  const tiff = app1.subarray(EXIF_SIGNATURE.length);
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  let little: boolean;
  if (tiff[0] === 0x49 && tiff[1] === 0x49)
    little = true; // "II", Intel
  else if (tiff[0] === 0x4d && tiff[1] === 0x4d)
    little = false; // "MM", Motorola
  else return 1;
  if (view.getUint16(2, little) !== 42) return 1;

  const ifd0 = view.getUint32(4, little);
  if (ifd0 < 8 || ifd0 + 2 > tiff.length) return 1;
  const count = view.getUint16(ifd0, little);
  for (let entry = 0; entry < count; entry++) {
    const at = ifd0 + 2 + entry * IFD_ENTRY_SIZE;
    if (at + IFD_ENTRY_SIZE > tiff.length) return 1;
    if (view.getUint16(at, little) !== ORIENTATION_TAG) continue;
    if (view.getUint16(at + 2, little) !== TYPE_SHORT || view.getUint32(at + 4, little) !== 1) return 1;
    // A single SHORT sits in the first two bytes of the value field.
    const value = view.getUint16(at + 8, little);
    return isOrientation(value) ? value : 1;
  }
  return 1;
}

function isOrientation(value: number): value is ExifOrientation {
  return Number.isInteger(value) && value >= 1 && value <= 8;
}
