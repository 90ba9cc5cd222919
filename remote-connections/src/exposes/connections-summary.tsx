import type React from 'react';
import { Card } from '@synctrade/ui';

/** Home's Connections summary card. */
export default function ConnectionsSummary(): React.JSX.Element {
  return (
    <Card>
      <h2>Connections</h2>
    </Card>
  );
}
