import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { SelectedCompanyPage } from '../../../components/company-gate';
import { Loading } from '../../../components/load-states';
import { ProductsTable } from '../../../features/products/components/products-table';
import { useClientProducts } from '../../../lib/api/client-products-api';

function CompanyProducts({ companyId }: { companyId: number }) {
  const products = useClientProducts(companyId);
  if (products.isPending) return <Loading what="products" />;
  if (products.isError)
    return (
      <Alert variant="danger">
        The products could not be loaded: {products.error.message}{' '}
        <Button variant="link" className="p-0 align-baseline" onClick={() => products.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (products.data.items.length === 0)
    return <p className="text-body-secondary">No products yet.</p>;
  return <ProductsTable products={products.data.items} />;
}

/** /dashboard/products: the selected client's products, each linking to its product page. */
function Component() {
  return (
    <SelectedCompanyPage title="Products">
      {(company) => <CompanyProducts companyId={company.id} />}
    </SelectedCompanyPage>
  );
}

export { Component };
