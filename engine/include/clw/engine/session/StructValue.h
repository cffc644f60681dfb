#pragma once
// A struct or union argument's bytes from its fields as text, laid out as ArgType::fields says
// (the device's rules as the signature reader worked them out). Fields not given are zero, as in
// a C initializer.
#include "clw/engine/launch/KernelSignature.h"
#include "clw/engine/session/Session.h"

#include <string>
#include <string_view>
#include <vector>

namespace clw::engine {

// "1, 2 ,3" -> {"1", "2", "3"}, each trimmed; "1, 2," has an empty third component.
std::vector<std::string> splitComponents(std::string_view text);

// Fills `bytes` (type.size of them) and returns an empty string, or says what is wrong: a field
// the struct does not have (naming those it has), a value that does not parse or has the wrong
// number of components, two fields that share bytes (members of one union), a layout that is
// not known.
std::string packStructValue(const ArgType& type, const std::vector<SessionField>& fields,
                            std::vector<unsigned char>& bytes);

// "float", "float4", "int[3]", "float4[2]".
std::string structFieldTypeName(const StructField& field);

// The struct's fields as a session lists them, with their types: "pos.x (float), w (float4),
// ids (int[3])".
std::string describeStructFields(const ArgType& type);

} // namespace clw::engine
