"""The LALR states of a shipped tables file (:mod:`.larktables`) as one block of binary numbers
in the JSON text (issue 38).

The states are rows of small integers (a state, then a terminal, an action and its argument
for each of its actions: 280,000 numbers for the two shipped grammars). JSON reads each
number on its own, a third of loading a tables file; stored as little-endian 16- or 32-bit
integers in base64, they are read with two C calls. The file stores::

    {"#states": {"#rows": [typecode, lengths, numbers]}}

``typecode`` is ``"h"`` (16-bit) or ``"i"`` (32-bit), ``lengths`` each row's length and
``numbers`` every row's numbers one after another, both base64 of the array's bytes. Reading
gives back the rows as lists of ints, exactly the ``{"#states": rows}`` form the tables file
stored before, so everything after the JSON reader is unchanged; a block that does not decode
to rows of these lengths is a ValueError (the caller then builds the parser from the grammar).
"""

from __future__ import annotations

import base64
import binascii
import sys
from array import array
from itertools import accumulate

TAG = "#rows"
_SIZES = {"h": 2, "i": 4}


def _bytes(numbers: array) -> bytes:
    if sys.byteorder == "big":
        numbers = array(numbers.typecode, numbers)
        numbers.byteswap()
    return numbers.tobytes()


def _numbers(typecode: str, text: str) -> list[int]:
    if array(typecode).itemsize != _SIZES[typecode]:  # a platform with other sizes: JSON rows
        raise ValueError("array item size")
    try:  # (validate=True would check the text with a regular expression first: slow)
        raw = binascii.a2b_base64(text.encode("ascii"))
    except (binascii.Error, UnicodeEncodeError) as e:
        raise ValueError("malformed #rows block") from e
    if len(raw) % _SIZES[typecode]:
        raise ValueError("malformed #rows block")
    numbers = array(typecode)
    numbers.frombytes(raw)
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers.tolist()


def pack(rows: list) -> dict | list:
    """``{"#rows": [typecode, lengths, numbers]}`` for rows of ints, the narrowest typecode
    that holds them; ``rows`` itself when any is not a list of ints within 32 bits."""
    flat = [x for row in rows for x in (row if type(row) is list else [None])]
    if not all(type(x) is int for x in flat):
        return rows
    for typecode, size in _SIZES.items():
        if array(typecode).itemsize != size:
            return rows
        low, high = -(1 << (8 * size - 1)), (1 << (8 * size - 1)) - 1
        if all(low <= x <= high for x in flat) and all(len(r) <= high for r in rows):
            lengths = array(typecode, [len(r) for r in rows])
            return {TAG: [typecode, base64.b64encode(_bytes(lengths)).decode("ascii"),
                          base64.b64encode(_bytes(array(typecode, flat))).decode("ascii")]}
    return rows


def unpack(block) -> list[list[int]]:
    """The rows a ``#rows`` block holds; ValueError when it is malformed."""
    if not (type(block) is list and len(block) == 3 and block[0] in _SIZES
            and type(block[1]) is str and type(block[2]) is str):
        raise ValueError("malformed #rows block")
    lengths = _numbers(block[0], block[1])
    numbers = _numbers(block[0], block[2])
    if any(n < 0 for n in lengths) or sum(lengths) != len(numbers):
        raise ValueError("#rows lengths do not add up")
    ends = list(accumulate(lengths))
    return [numbers[end - n:end] for n, end in zip(lengths, ends, strict=True)]
