import type React from 'react';
import { Outlet } from 'react-router';
import styled from 'styled-components';
import { Sidebar } from './sidebar';
import { SkipLink } from './skip-link';
import { TopBar } from './top-bar';
import { useProfileEvents } from './use-profile-events';

const Frame = styled.div`
  display: flex;
  min-height: 100vh;
`;

const Main = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
`;

// The skip link focuses it; a focus ring around the whole page would only be noise.
const Content = styled.main`
  &:focus {
    outline: none;
  }
`;

/** The signed-in layout: sidebar, top bar, and the page. */
export function ShellLayout(): React.JSX.Element {
  useProfileEvents();
  return (
    <Frame>
      <SkipLink target="content" />
      <Sidebar />
      <Main>
        <TopBar />
        <Content id="content" tabIndex={-1}>
          <Outlet />
        </Content>
      </Main>
    </Frame>
  );
}
