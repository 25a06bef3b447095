import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { ButtonLink } from '../../../components/button-link';
import { PublicHeader } from '../../../components/public-header';
import { paths } from '../../../config/paths';

/** A 5×5 example of the rank grid, for illustration: strong near the business, fading out. */
const EXAMPLE_GRID = [
  [9, 6, 5, 7, 12],
  [5, 3, 2, 3, 8],
  [4, 2, 1, 2, 6],
  [6, 3, 2, 4, 9],
  [14, 8, 6, 11, 21],
];

function rankColour(rank: number): string {
  if (rank <= 3) return '#146c43';
  if (rank <= 7) return '#8a6d00';
  if (rank <= 12) return '#b35c00';
  return '#b02a37';
}

const FEATURES = [
  {
    title: 'Rank grids',
    text: 'See your Google Maps rank at every point around your business, keyword by keyword, and how it moves over time.',
  },
  {
    title: 'Your profile, handled',
    text: 'Reviews, questions, posts, photos and listings your agency manages for you, with approvals when they need you.',
  },
  {
    title: 'Ads, calls and leads',
    text: 'Google Ads, Local Services Ads and Facebook results next to the calls and leads they brought in, and what they returned.',
  },
];

function Component() {
  return (
    <>
      <PublicHeader />
      <main>
        <section className="pp-hero py-5">
          <Container>
            <Row className="align-items-center gy-4 gx-lg-5">
              <Col lg={7}>
                <h1 className="display-5 fw-bold">Know where you stand in local search.</h1>
                <p className="lead text-body-secondary my-4">
                  Pinpoint is the dashboard your marketing agency gives you: how visible your
                  business is on Google Maps, block by block, and everything being done to grow it.
                </p>
                <div className="d-flex flex-wrap gap-2">
                  <ButtonLink to={paths.login.href()} size="lg">
                    Log in
                  </ButtonLink>
                  <ButtonLink to={paths.signup.href()} size="lg" variant="outline-primary">
                    Start a free trial
                  </ButtonLink>
                </div>
              </Col>
              <Col lg={5}>
                <figure className="mb-0">
                  <div
                    className="pp-grid-preview mx-auto"
                    role="img"
                    aria-label="An example 5 by 5 rank grid"
                  >
                    {EXAMPLE_GRID.flat().map((rank, index) => (
                      <span
                        // The grid is fixed; its position is its identity.
                        // biome-ignore lint/suspicious/noArrayIndexKey: static illustration
                        key={index}
                        style={{ background: rankColour(rank) }}
                      >
                        {rank > 20 ? '20+' : rank}
                      </span>
                    ))}
                  </div>
                  <figcaption className="text-center small text-body-secondary mt-2">
                    Example grid: your rank at 25 points around the business.
                  </figcaption>
                </figure>
              </Col>
            </Row>
          </Container>
        </section>
        <section className="py-5" aria-labelledby="features-heading">
          <Container>
            <h2 id="features-heading" className="visually-hidden">
              What Pinpoint shows you
            </h2>
            <Row className="g-4">
              {FEATURES.map((feature) => (
                <Col md={4} key={feature.title}>
                  <h3 className="h5">{feature.title}</h3>
                  <p className="text-body-secondary mb-0">{feature.text}</p>
                </Col>
              ))}
            </Row>
          </Container>
        </section>
      </main>
    </>
  );
}

export { Component };
