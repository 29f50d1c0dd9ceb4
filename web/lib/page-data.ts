/**
 * A data block the Worker sent with the page (`<script type="application/json">`,
 * ADR 0031 and 0041), once: the element is removed, so nothing reads it
 * again and a later visit asks the API.
 */
export function takePageData<Data>(id: string): Data | undefined {
  const element = document.getElementById(id);
  element?.remove();
  return element?.textContent ? (JSON.parse(element.textContent) as Data) : undefined;
}
