import sharp from 'sharp';

/** A JPEG carrying a GPS position (Austin, TX) and a camera make, as phones write them. */
export async function jpegWithGps(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PinpointCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '30/1 16/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '97/1 44/1 0/1',
      },
    })
    .toBuffer();
}
