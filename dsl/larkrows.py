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
    return decode(block).rows()


def decode(block) -> "Block":
    """The rows a ``#rows`` block holds as one :class:`Block`, not yet split into lists;
    ValueError when it is malformed (as :func:`unpack`)."""
    if not (type(block) is list and len(block) == 3 and block[0] in _SIZES
            and type(block[1]) is str and type(block[2]) is str):
        raise ValueError("malformed #rows block")
    lengths = _array(block[0], block[1])
    numbers = _array(block[0], block[2])
    if (lengths and min(lengths) < 0) or sum(lengths) != len(numbers):
        raise ValueError("#rows lengths do not add up")
    return Block(lengths, numbers)


def _array(typecode: str, text: str) -> array:
    """The numbers of a base64 text, as an array (no int objects made)."""
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
    return numbers


class Block:
    """The rows of a ``#rows`` block as they are stored: each row's length and every row's
    numbers one after another, in two arrays (issue 38). A parser loaded from a tables file
    enters a sixth of its states; splitting all 368,000 numbers of the Runebound grammar's
    states into lists of ints was a third of loading it, so :mod:`.larktables` reads the
    LALR states from the block (:meth:`columns`, :meth:`row`) and splits a state's row only
    when the parser enters it. :meth:`rows` gives the lists :func:`unpack` gives."""

    __slots__ = ("lengths", "numbers", "_starts")

    def __init__(self, lengths: array, numbers: array) -> None:
        self.lengths, self.numbers = lengths, numbers
        self._starts: list[int] | None = None

    def __len__(self) -> int:
        return len(self.lengths)

    def rows(self) -> list[list[int]]:
        numbers = self.numbers.tolist()
        ends = list(accumulate(self.lengths))
        return [numbers[end - n:end] for n, end in zip(self.lengths, ends, strict=True)]

    def starts(self) -> list[int]:
        """Where each row starts in :attr:`numbers`."""
        if self._starts is None:
            self._starts = list(accumulate(self.lengths, initial=0))[:-1]
        return self._starts

    def row(self, i: int) -> array:
        """Row ``i`` (an array of its numbers: iterating it gives ints)."""
        start = self.starts()[i]
        return self.numbers[start:start + self.lengths[i]]

    def columns(self) -> tuple[list[int], array, array, array]:
        """(the first number of each row, then every row's other numbers taken three at a
        time: the first, second and third of each triple), each row's length checked to be
        one more than a multiple of three (ValueError otherwise): a state, then its
        (terminal, action, argument) triples, in C's loops."""
        lengths, numbers = self.lengths, self.numbers
        if any(n % 3 != 1 for n in lengths):
            raise ValueError("malformed #states row")
        starts = self.starts()
        size = numbers.itemsize
        raw = memoryview(numbers).cast("B")  # each row's numbers but its first, joined
        rest = array(numbers.typecode)
        rest.frombytes(b"".join([raw[size * (start + 1):size * (start + n)]
                                 for start, n in zip(starts, lengths, strict=True)]))
        return [numbers[i] for i in starts], rest[0::3], rest[1::3], rest[2::3]
