// C++ side of the shim: ICU's C MessageFormat API only takes positional varargs, which a Swift
// (ICU objects use their own non-throwing operator new, which returns null on failure.)
// caller cannot build; the C++ API takes named arguments as an array.
#include "CICUShim.h"

#include <new>
#include <unicode/fmtable.h>
#include <unicode/messagepattern.h>
#include <unicode/msgfmt.h>
#include <unicode/parseerr.h>
#include <unicode/uloc.h>
#include <unicode/unistr.h>
#include <vector>

struct OKMessageFormatter { icu::MessageFormat *format; };

extern "C" OKMessageFormatter *okicu_message_open(const char *locale, const uint16_t *pattern, int32_t patternLength,
                                                  int32_t *errorOffset, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    char id[ULOC_FULLNAME_CAPACITY];
    okicu_canonical_locale(locale, id, ULOC_FULLNAME_CAPACITY);
    UParseError parseError;
    icu::UnicodeString text(reinterpret_cast<const UChar *>(pattern), patternLength);
    icu::MessageFormat *format = new icu::MessageFormat(text, icu::Locale(id), parseError, error);
    if (format == nullptr) { *status = U_MEMORY_ALLOCATION_ERROR; return nullptr; }
    *status = (int32_t)error;
    *errorOffset = parseError.offset;
    if (U_FAILURE(error)) { delete format; return nullptr; }
    OKMessageFormatter *formatter = new (std::nothrow) OKMessageFormatter{format};
    if (formatter == nullptr) { delete format; *status = U_MEMORY_ALLOCATION_ERROR; }
    return formatter;
}

extern "C" int32_t okicu_message_argument_names(OKMessageFormatter *formatter, uint16_t *out, int32_t capacity,
                                                int32_t *status) {
    // getFormatNames lists only arguments with a format type; walk every argument of the pattern instead.
    UErrorCode error = U_ZERO_ERROR;
    icu::UnicodeString pattern;
    formatter->format->toPattern(pattern);
    icu::MessagePattern parsed(pattern, nullptr, error);
    int32_t written = 0;
    std::vector<icu::UnicodeString> seen;
    for (int32_t i = 0; U_SUCCESS(error) && i < parsed.countParts(); i++) {
        const icu::MessagePattern::Part &part = parsed.getPart(i);
        UMessagePatternPartType type = part.getType();
        if (type != UMSGPAT_PART_TYPE_ARG_NAME && type != UMSGPAT_PART_TYPE_ARG_NUMBER) continue;
        icu::UnicodeString name = parsed.getSubstring(part);
        bool duplicate = false;
        for (const auto &existing : seen) duplicate = duplicate || existing == name;
        if (duplicate) continue;
        seen.push_back(name);
        int32_t needed = name.length() + 1;
        if (written + needed <= capacity) {
            name.extract(reinterpret_cast<UChar *>(out + written), needed, error);
            error = U_ZERO_ERROR;  // the terminator we add ourselves
            out[written + name.length()] = 0;
        }
        written += needed;
    }
    if (U_SUCCESS(error) && written > capacity) error = U_BUFFER_OVERFLOW_ERROR;
    *status = (int32_t)error;
    return written;
}

extern "C" int32_t okicu_message_format(OKMessageFormatter *formatter, const OKMessageArgument *arguments,
                                        int32_t count, uint16_t *out, int32_t capacity, int32_t *status) {
    std::vector<icu::UnicodeString> names;
    std::vector<icu::Formattable> values;
    names.reserve((size_t)count);
    values.reserve((size_t)count);
    for (int32_t i = 0; i < count; i++) {
        const OKMessageArgument &argument = arguments[i];
        names.emplace_back(reinterpret_cast<const UChar *>(argument.name), argument.nameLength);
        switch (argument.kind) {
        case OKMessageArgumentString:
            values.emplace_back(icu::UnicodeString(reinterpret_cast<const UChar *>(argument.text), argument.textLength));
            break;
        case OKMessageArgumentDate:
            values.emplace_back(argument.number, icu::Formattable::kIsDate);
            break;
        default:
            values.emplace_back(argument.number);
            break;
        }
    }
    UErrorCode error = U_ZERO_ERROR;
    icu::UnicodeString result;
    formatter->format->format(names.data(), values.data(), count, result, error);
    if (U_FAILURE(error)) { *status = (int32_t)error; return 0; }
    int32_t length = result.extract(reinterpret_cast<UChar *>(out), capacity, error);
    if (error == U_STRING_NOT_TERMINATED_WARNING) error = U_ZERO_ERROR;
    *status = (int32_t)error;
    return length;
}

extern "C" void okicu_message_close(OKMessageFormatter *formatter) {
    if (!formatter) return;
    delete formatter->format;
    delete formatter;
}
