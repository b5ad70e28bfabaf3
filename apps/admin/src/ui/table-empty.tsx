/**
 * A table's "nothing here" line. antd draws it in its disabled-text grey (#bfbfbf, 1.8:1 on white);
 * this keeps it readable at 6:1.
 */
export function TableEmpty({ text }: { text: string }) {
  return <span className="table-empty">{text}</span>;
}
