/**
 * Table fixtures built by the tests: an xlsx with an empty header cell (exceljs), and PDFs of
 * ruled and unruled tables made by LibreOffice from HTML written here (no committed binaries).
 */
import ExcelJS from 'exceljs';

/** An xlsx whose header row leaves column B empty while its data rows fill it. */
export async function makeXlsxWithEmptyHeader(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Items');
  ws.addRow(['Item', null, 'Amount']);
  ws.addRow(['Widget', 'blue', 10]);
  ws.addRow(['Gadget', 'red', 20]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
