#!/usr/bin/env python3
"""Builds Sources/BookSearch/Resources/catalog.json from scripts/catalog_books.txt.

Each line of the input is `ISBN-13 | title | author(s) | publisher | year`, optionally followed by `| checked`
(the ISBN was checked against other public records; see the input's header); lines starting with `#` are
comments.
The script refuses (exit 1) an ISBN-13 with a wrong check digit, a duplicate ISBN, an empty field, or a year
outside 1450..2026, so a slip of memory cannot reach the catalog. The output holds one book per line, sorted by
title then ISBN (the catalog's own order), with the fields of BookSearch's `Book`; cover URL, price and link are
left out (unknown, never guessed).

Usage: python3 scripts/make_catalog.py
"""
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = ROOT / "scripts" / "catalog_books.txt"
TARGET = ROOT / "Sources" / "BookSearch" / "Resources" / "catalog.json"


def isbn13_is_valid(isbn: str) -> bool:
    if len(isbn) != 13 or not isbn.isdigit():
        return False
    return sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(isbn)) % 10 == 0


def main() -> int:
    books, errors, seen, checked = [], [], set(), 0
    for number, line in enumerate(SOURCE.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = [field.strip() for field in line.split("|")]
        if len(fields) == 6 and fields[5] == "checked":
            checked += 1
            fields = fields[:5]
        if len(fields) != 5 or not all(fields):
            errors.append(f"line {number}: expected 5 non-empty fields: {line}")
            continue
        isbn, title, author, publisher, year = fields
        if not isbn13_is_valid(isbn):
            errors.append(f"line {number}: bad ISBN-13 check digit: {line}")
        if isbn in seen:
            errors.append(f"line {number}: duplicate ISBN-13: {line}")
        if not (year.isdigit() and 1450 <= int(year) <= 2026):
            errors.append(f"line {number}: implausible year: {line}")
        seen.add(isbn)
        books.append({"title": title, "author": author, "publisher": publisher, "publicationDate": year,
                      "isbn13": isbn})
    if errors:
        print("\n".join(errors), file=sys.stderr)
        return 1
    books.sort(key=lambda book: (book["title"], book["isbn13"]))
    lines = ",\n".join(json.dumps(book, ensure_ascii=False) for book in books)
    TARGET.write_text("[\n" + lines + "\n]\n", encoding="utf-8")
    print(f"wrote {len(books)} books ({checked} checked) to {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
