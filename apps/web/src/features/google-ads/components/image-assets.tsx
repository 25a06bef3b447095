import { useState } from 'react';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { IMAGES_PAGE_SIZE, useGoogleAdsImages } from '../api/get-images';
import { formatFileSize, imageSource } from '../google-ads-format';

/** The account's image assets as a gallery, paged, each with its name and size. */
export function ImageAssets({ productId }: { productId: number }) {
  const [page, setPage] = useState(1);
  const images = useGoogleAdsImages(productId, page);
  const pages = images.data ? Math.max(1, Math.ceil(images.data.total / IMAGES_PAGE_SIZE)) : 1;
  return (
    <section aria-labelledby="gads-images-title" className="mt-4">
      <h2 id="gads-images-title" className="h5">
        Image assets
      </h2>
      {images.isPending ? (
        <Loading what="the image assets" />
      ) : images.isError ? (
        <LoadError
          what="The image assets"
          error={images.error}
          onRetry={() => void images.refetch()}
        />
      ) : images.data.rows.length === 0 ? (
        <p className="text-body-secondary">This account has no image assets.</p>
      ) : (
        <>
          <ul
            className="list-unstyled row row-cols-2 row-cols-md-4 g-3"
            aria-busy={images.isFetching}
          >
            {images.data.rows.map((image) => {
              const src = imageSource(image.url);
              return (
                <li key={image.id} className="col" data-testid="gads-image">
                  <figure className="mb-0">
                    {src ? (
                      <img
                        src={src}
                        alt={image.name}
                        loading="lazy"
                        className="img-fluid rounded border"
                        width={image.width ?? undefined}
                        height={image.height ?? undefined}
                      />
                    ) : (
                      <p className="small text-body-secondary">Preview not available</p>
                    )}
                    <figcaption className="small mt-1">
                      {image.name}
                      {image.width && image.height && (
                        <span className="d-block text-body-secondary">
                          {image.width} × {image.height} px
                          {image.fileSize !== null && `, ${formatFileSize(image.fileSize)}`}
                        </span>
                      )}
                    </figcaption>
                  </figure>
                </li>
              );
            })}
          </ul>
          <Pager label="Image pages" page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
