import { useSearchParams } from 'react-router';
import { useChangeSearch } from '~/client/lib/list-search';
import { drawerParam } from './pipeline-search';

// The application open in the drawer lives in the URL (?application=…): a reload or a shared link opens
// it again, and Back closes it.
export function useApplicationDrawer() {
  const [params] = useSearchParams();
  const changeSearch = useChangeSearch();
  const openId = drawerParam.read(params) || null;
  return {
    openId,
    open: (id: string) => changeSearch({ [drawerParam.key]: id }),
    close: () => changeSearch({ [drawerParam.key]: null }),
  };
}
