import { type AuthResponse, findProduct } from '@pinpoint/contracts';
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { useLoaderData, useNavigate, useParams, useRouteLoaderData } from 'react-router';
import { LoadError, Loading } from '../../../components/load-states';
import { NotFoundContent } from '../../../components/not-found-content';
import { paths } from '../../../config/paths';
import { AgencyContact } from '../../../features/product-page/components/agency-contact';
import { ConnectionStatus } from '../../../features/product-page/components/connection-status';
import { ProductHeader } from '../../../features/product-page/components/product-header';
import { ProductReport } from '../../../features/product-page/components/product-report';
import { ProductSubPages } from '../../../features/product-page/components/product-sub-pages';
import { ProductSupportRequests } from '../../../features/support-requests/components/product-support-requests';
import { SupportRequestForm } from '../../../features/support-requests/components/support-request-form';
import { useProductPage } from '../../../lib/api/get-product-page';
import { ApiError } from '../../../lib/api-client';
import { PRODUCT_REPORTS, RANGELESS_REPORTS } from '../../product-reports';
import { ProductTopBar } from '../../shell/product-top-bar';

const MAIN_ID = 'main-content';

/**
 * /dashboard/products/{product_name}/{product_id}: the product's own page, outside the
 * dashboard layout (SPEC §2). Its loaders checked the session and decoded the id (a bad
 * one shows not-found); the server decides whether this user may see the product.
 */
function Component() {
  const auth = useRouteLoaderData('product-page') as AuthResponse;
  const { ids } = useLoaderData() as { ids: Record<string, number> };
  const params = useParams();
  const navigate = useNavigate();
  const productId = ids.product_id as number;
  const encodedId = params.product_id ?? '';
  const page = useProductPage(productId);
  const data = page.data;

  // An address with another product's slug (an old or edited link) shows the right one.
  const wrongSlug = data && data.product.slug !== params.product_name;
  useEffect(() => {
    if (wrongSlug)
      navigate(paths.dashboard.productPage.href(data.product.slug, encodedId), { replace: true });
  }, [wrongSlug, data, encodedId, navigate]);

  const status = page.error instanceof ApiError ? page.error.status : null;
  // The address names the product, so its header and report start while the product
  // itself loads: the report's code and figures arrive beside it, not after it (Lighthouse
  // on phones, issue 22). An error answer replaces both.
  const fromAddress = findProduct(params.product_name ?? '');
  const shown = data ? (wrongSlug ? null : data.product) : page.isPending ? fromAddress : null;
  return (
    <div className="d-flex flex-column min-vh-100 pp-product-page">
      <ProductTopBar auth={auth} company={data ? data.company : null} mainId={MAIN_ID} />
      <Container as="main" id={MAIN_ID} tabIndex={-1} className="py-4" style={{ maxWidth: 1140 }}>
        {page.isPending && !shown && <Loading what="the product" />}
        {status === 404 && <NotFoundContent />}
        {status === 403 && (
          <section>
            <h1 className="h3">Product</h1>
            <Alert variant="danger" data-testid="product-refused">
              This product’s page is not available to you.
            </Alert>
          </section>
        )}
        {page.isError && status !== 403 && status !== 404 && (
          <section>
            <h1 className="h3">Product</h1>
            <LoadError what="The product" error={page.error} onRetry={() => void page.refetch()} />
          </section>
        )}
        {shown && <ProductHeader product={data ? data.product : null} catalogName={shown.name} />}
        {/* A report of its own (charts, tables) ends taller than the screen, but while it
            loads it is one line: the screen's height kept for it holds the sections below
            off screen until it has drawn, instead of pushing them down (layout shift). */}
        {shown && (
          <div style={PRODUCT_REPORTS[shown.slug] ? { minHeight: '100vh' } : undefined}>
            <ProductReport
              productId={productId}
              slug={shown.slug}
              own={PRODUCT_REPORTS[shown.slug]}
              rangeless={RANGELESS_REPORTS.has(shown.slug)}
            />
          </div>
        )}
        {data && !wrongSlug && (
          <>
            <ProductSubPages slug={data.product.slug} encodedId={encodedId} />
            <Row xs={1} lg={2} className="g-4">
              <Col>
                <SupportRequestForm productId={productId} />
                <AgencyContact />
              </Col>
              <Col>
                <ConnectionStatus companyId={data.company.id} connectionId={data.connectionId} />
                <ProductSupportRequests productId={productId} />
              </Col>
            </Row>
          </>
        )}
      </Container>
    </div>
  );
}

export { Component };
