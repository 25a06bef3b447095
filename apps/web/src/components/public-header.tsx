import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink } from 'react-router';
import { paths } from '../config/paths';

/** The header of the public pages: the brand, and the ways in. */
export function PublicHeader() {
  return (
    <Navbar as="header" className="border-bottom bg-body">
      <Container>
        <Navbar.Brand
          as={Link}
          to={paths.home.href()}
          className="fw-bold d-flex align-items-center gap-2"
        >
          <img src="/favicon.svg" alt="" width={24} height={24} />
          Pinpoint
        </Navbar.Brand>
        <Nav as="nav" aria-label="Account" className="ms-auto gap-2">
          <Nav.Link as={NavLink} to={paths.login.href()}>
            Log in
          </Nav.Link>
          <Nav.Link as={NavLink} to={paths.signup.href()}>
            Sign up
          </Nav.Link>
        </Nav>
      </Container>
    </Navbar>
  );
}
