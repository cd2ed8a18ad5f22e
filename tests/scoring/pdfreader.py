"""Just enough of a PDF reader for the export tests (pypdf is not a dependency): the page tree's
count, the page objects, the link annotations' URIs and the document info."""

import base64
import re
import zlib
from dataclasses import dataclass


@dataclass
class PdfSummary:
    pages: int  # /Type /Page objects
    declared_pages: int  # /Count of the root /Pages object
    uris: list[str]
    title: str
    streams: int


def read_pdf(data: bytes) -> PdfSummary:
    assert data.startswith(b"%PDF-1."), "not a PDF header"
    assert data.rstrip().endswith(b"%%EOF"), "no %%EOF trailer"
    offset = int(re.findall(rb"startxref\s+(\d+)", data)[-1])
    assert data[offset : offset + 4] == b"xref", "startxref does not point at the xref table"
    objects = {
        int(m.group(1)): m.group(2)
        for m in re.finditer(rb"(\d+) 0 obj\s*(.*?)\s*endobj", data, re.S)
    }
    pages = sum(1 for body in objects.values() if re.search(rb"/Type\s*/Page(?![a-zA-Z])", body))
    root = re.search(rb"/Root\s+(\d+) 0 R", data)
    assert root, "no document catalogue"
    catalogue = objects[int(root.group(1))]
    tree = re.search(rb"/Pages\s+(\d+) 0 R", catalogue)
    assert tree, "the catalogue names no page tree"
    count = re.search(rb"/Count\s+(\d+)", objects[int(tree.group(1))])
    assert count, "the page tree has no /Count"
    uris = [u.decode() for u in re.findall(rb"/URI\s*\((.*?)\)", data)]
    title = re.search(rb"/Title\s*\((.*?)\)", data)
    streams = 0
    for m in re.finditer(rb"<<(.*?)>>\s*stream\r?\n(.*?)\s*endstream", data, re.S):
        decode_stream(m.group(1), m.group(2))  # every stream decodes
        streams += 1
    return PdfSummary(
        pages=pages,
        declared_pages=int(count.group(1)),
        uris=uris,
        title=title.group(1).decode("latin-1") if title else "",
        streams=streams,
    )


def decode_stream(header: bytes, raw: bytes) -> bytes:
    """Undo the stream's filters (reportlab writes ASCII85 then Flate)."""
    filters = re.findall(rb"/(ASCII85Decode|FlateDecode)", header)
    data = raw
    for name in filters:
        if name == b"ASCII85Decode":
            data = base64.a85decode(data.strip().removesuffix(b"~>"))
        else:
            data = zlib.decompress(data)
    return data


def page_count(data: bytes) -> int:
    summary = read_pdf(data)
    assert summary.pages == summary.declared_pages
    return summary.pages
