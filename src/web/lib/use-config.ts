import { useReaders } from './readers';

/** Public settings (launch mode, contact address), from the page itself when the server wrote them, else the API. */
export const useConfig = () => useReaders().useConfig();
