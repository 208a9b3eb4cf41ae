import { Center, Loader } from '@mantine/core';

/** Full-height spinner while the first page's code loads. */
export function LoadingScreen() {
  return (
    <Center mih="100vh" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
