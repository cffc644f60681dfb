#pragma once
// Buffer elements to and from NpyArray (NpyArray.h): the element's columns become a trailing axis
// (a float4 buffer of n elements is an (n, 4) float32 array; a 2D shape adds its rows: (h, w, 4)),
// and every column must share one scalar type, the array's dtype.
#include "clw/engine/inspect/BufferShape.h"
#include "clw/engine/inspect/ElementLayout.h"
#include "clw/engine/session/NpyArray.h"

#include <string>

namespace clw::engine {

class NpyConversion {
public:
    // The array's shape for a resolved buffer shape: (n[, columns]), (h, w[, columns]),
    // (d, h, w[, columns]).
    static std::vector<size_t> arrayShape(const ElementLayout& layout, const BufferShape& shape);
    // The dtype of a layout; throws ImportError for a struct of mixed types or a hex view.
    static NpyType arrayType(const ElementLayout& layout);
    // An array around packed columns (PackedColumns.h) of a resolved shape.
    static NpyArray toArray(const ElementLayout& layout, const BufferShape& shape,
                            std::vector<unsigned char> packed);
    // The packed columns of `array` for `elements` elements of `layout`. Throws ImportError when
    // the dtype is not the columns' type or the count does not match ("'a.npy' holds float64
    // (1000 x 3); the buffer shows 1000 elements of float4 (float32 x 4)").
    static std::vector<unsigned char> fromArray(const NpyArray& array, const ElementLayout& layout,
                                                std::uint64_t elements);
    // The same for a buffer of `shape`: a 2-D or 3-D one takes only an array of its own axes
    // (arrayShape's, numpy's order), so that element [r, c] lands at row r, column c; a 1-D one
    // takes any shape of the right count.
    static std::vector<unsigned char> fromArray(const NpyArray& array, const ElementLayout& layout,
                                                const BufferShape& shape);
    // What a 1-D buffer did with an array of more axes, which it takes element by element in C
    // order ("the file holds float32 (3, 5); the 1-D buffer takes its 15 elements row by row, as
    // numpy's ravel() gives them"), so that the person knows the shape was dropped. Empty when
    // nothing was reshaped.
    static std::string reshapeNote(const NpyArray& array, const ElementLayout& layout,
                                   const BufferShape& shape);
};

} // namespace clw::engine
