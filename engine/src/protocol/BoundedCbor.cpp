#include "BoundedCbor.h"

#include "clw/engine/protocol/HostProtocolError.h"

#include <string>

namespace clw::engine::detail {

namespace {

// nlohmann's SAX interface: builds the value as json::from_cbor does, and stops the reader (a
// handler that returns false ends the parse) before it goes deeper than the bound.
class BoundedDomSax {
public:
    using json = nlohmann::json;
    BoundedDomSax(json& result, std::size_t maxDepth)
        : m_dom(result, true)
        , m_maxDepth(maxDepth) {}

    bool null() { return m_dom.null(); }
    bool boolean(bool value) { return m_dom.boolean(value); }
    bool number_integer(json::number_integer_t value) { return m_dom.number_integer(value); }
    bool number_unsigned(json::number_unsigned_t value) { return m_dom.number_unsigned(value); }
    bool number_float(json::number_float_t value, const json::string_t& text) {
        return m_dom.number_float(value, text);
    }
    bool string(json::string_t& value) { return m_dom.string(value); }
    bool binary(json::binary_t& value) { return m_dom.binary(value); }
    bool start_object(std::size_t elements) { return deeper() && m_dom.start_object(elements); }
    bool key(json::string_t& value) { return m_dom.key(value); }
    bool end_object() {
        --m_depth;
        return m_dom.end_object();
    }
    bool start_array(std::size_t elements) { return deeper() && m_dom.start_array(elements); }
    bool end_array() {
        --m_depth;
        return m_dom.end_array();
    }
    template <class Exception>
    bool parse_error(std::size_t position, const std::string& token, const Exception& error) {
        return m_dom.parse_error(position, token, error);
    }
    bool tooDeep() const { return m_tooDeep; }

private:
    bool deeper() {
        if (++m_depth <= m_maxDepth)
            return true;
        m_tooDeep = true;
        return false;
    }

    nlohmann::detail::json_sax_dom_parser<json> m_dom;
    std::size_t m_maxDepth;
    std::size_t m_depth = 0;
    bool m_tooDeep = false;
};

} // namespace

nlohmann::json parseBoundedCbor(std::span<const unsigned char> bytes, std::size_t maxDepth) {
    nlohmann::json result;
    BoundedDomSax sax(result, maxDepth);
    bool complete = false;
    try {
        complete = nlohmann::json::sax_parse(bytes.begin(), bytes.end(), &sax,
                                             nlohmann::json::input_format_t::cbor);
    } catch (const nlohmann::json::exception& error) {
        throw HostProtocolError(std::string("a device-host message header that is not CBOR (") +
                                error.what() + ")");
    }
    if (sax.tooDeep())
        throw HostProtocolError("a device-host message header that nests values more than " +
                                std::to_string(maxDepth) + " deep");
    if (!complete)
        throw HostProtocolError("a device-host message header that is not CBOR");
    return result;
}

} // namespace clw::engine::detail
