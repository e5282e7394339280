export type FormFile = { field: string; bytes: Uint8Array; name: string; type: string };

/** A multipart body as a browser would send it, with its content-type header. */
export async function multipartForm(fields: Record<string, string>, file?: FormFile) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (file) data.append(file.field, new Blob([file.bytes], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
