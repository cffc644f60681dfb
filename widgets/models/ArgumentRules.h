#pragma once
// What the launch panel accepts for each kind of kernel parameter (issue 9): which editor fits a
// parameter, which of the session's buffers fit a pointer or image parameter, and whether the
// text of a scalar, a vector or a sampler is valid. Free functions over values, Qt Core only, so
// that the arguments model, the panel's editors and their tests agree on one set of rules.
#include "clw/engine/launch/KernelSignature.h"
#include "clw/engine/session/Session.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace clw::ui {

// The editor a parameter gets in the launch panel.
enum class ArgumentEditor {
    Buffer,     // a __global or __constant pointer: a session buffer, or NULL
    Image,      // an image: a session buffer with `image` set
    Scalar,     // a scalar by value: text
    Vector,     // a vector by value: one text per component, separated by commas
    Local,      // a __local pointer: bytes
    Sampler,    // a sampler: "normalized=false addressing=clamp_to_edge filter=nearest"
    Struct,     // a struct or union by value whose layout is known: a value per field
    Unsupported // pipes, queues, events, structs of unknown layout: not bound from the panel
};

ArgumentEditor editorFor(const engine::KernelArgSignature& parameter);
// The SessionArgument kind a parameter is bound with (Buffer for Unsupported too, never set).
engine::SessionArgument::Kind argumentKindFor(const engine::KernelArgSignature& parameter);
// An unset argument of the parameter's kind: what a missing argument becomes when edited.
engine::SessionArgument unsetArgument(const engine::KernelArgSignature& parameter);
// True when the argument holds a value (a buffer name, text, bytes, a sampler, or NULL).
bool isArgumentSet(const engine::SessionArgument& argument);

// The element type of a pointer parameter's pointee, or of a scalar or vector parameter, as
// SessionBuffer::elementType spells it ("float4"); empty where it is not a fixed-size type
// (void, a struct, size_t): a buffer of any element type then fits.
QString elementTypeOf(const engine::KernelArgSignature& parameter);
// Empty when `buffer` can be bound to the parameter; else why not (an image for a buffer, a
// buffer for an image or a value), and what would fit.
QString bufferMismatch(const engine::KernelArgSignature& parameter,
                       const engine::SessionBuffer& buffer);
// Empty when the buffer's element type is the pointer's; else a warning ("'u' holds uint, the
// kernel reads int: ..."). Such a buffer is bound when the person picks it, and runs.
QString bufferTypeWarning(const engine::KernelArgSignature& parameter,
                          const engine::SessionBuffer& buffer);
// The names of `buffers` that fit the parameter, in the session's order.
QStringList fittingBuffers(const engine::KernelArgSignature& parameter,
                           const std::vector<engine::SessionBuffer>& buffers);
// Those that can be bound with a warning: buffers of another element type.
QStringList otherTypedBuffers(const engine::KernelArgSignature& parameter,
                              const std::vector<engine::SessionBuffer>& buffers);

// Empty when `text` is a valid value of `width` components of `element`: one text per component,
// separated by commas, or one text for every component (a float4 takes "1, 2, 3, 4" or "1", never
// "1, 2, 3"); else what is wrong.
// Pointer-sized types (size_t and friends) are checked as 64-bit.
QString valueProblem(engine::ScalarType element, int width, const QString& text);
// `text` with an enum parameter's constant names replaced by their values ("SCALE_FIVE" -> "5"),
// as the engine reads them; unchanged for other parameters.
QString withEnumValues(const engine::KernelArgSignature& parameter, const QString& text);
// `text` with its components separated by ", " and trimmed: "1,2 ,3" becomes "1, 2, 3".
QString normalizedValue(const QString& text);
// Empty when `text` is a valid sampler, as the engine reads it: words in any order and case,
// "normalized=true|false", "addressing=none|clamp_to_edge|clamp|repeat|mirrored_repeat",
// "filter=nearest|linear"; a word left out keeps its default (normalized=false
// addressing=clamp_to_edge filter=nearest).
QString samplerProblem(const QString& text);
// The sampler a new argument starts with.
QString defaultSamplerText();

// A struct argument's fields as one line: "x = 1; w = 1, 2, 3, 4; pos.y = 0.5".
QString structValueText(const std::vector<engine::SessionField>& fields);
// Reads that line back (fields with no value left out); nullopt with `reason` when a part is
// not "path = value".
std::optional<std::vector<engine::SessionField>> parseStructValueText(const QString& text,
                                                                      QString* reason);
// Empty when `fields` give a valid value of the struct parameter, as the engine lays it out;
// else what is wrong (a field it does not have, a value that does not read).
QString structValueProblem(const engine::KernelArgSignature& parameter,
                           const std::vector<engine::SessionField>& fields);

} // namespace clw::ui
