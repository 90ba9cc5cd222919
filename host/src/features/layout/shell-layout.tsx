import type React from 'react';
import { Outlet } from 'react-router';
import styled from 'styled-components';
import { Sidebar } from './sidebar';
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

/** The signed-in layout: sidebar, top bar, and the page. */
export function ShellLayout(): React.JSX.Element {
  useProfileEvents();
  return (
    <Frame>
      <Sidebar />
      <Main>
        <TopBar />
        <main id="content">
          <Outlet />
        </main>
      </Main>
    </Frame>
  );
}
