// The few ICU 72 calls OfflineKit needs, behind plain C types.
// ICU's own headers are included only by the .c/.cpp files of this target: their names carry a
// version suffix by macro and would clash with Foundation's private ICU copy in a Swift module.
#ifndef CICUSHIM_H
#define CICUSHIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Status codes are ICU's UErrorCode values: 0 is success, negative values are warnings,
/// positive values are errors. `okicu_error_name` turns one into ICU's symbolic name.
const char *okicu_error_name(int32_t status);
/// 1 if the code is a failure (an error, not a warning).
int okicu_failed(int32_t status);
/// ICU's value for "the output buffer was too small"; the call returned the length it needs.
int32_t okicu_buffer_overflow_status(void);

/// 1 if ICU has data for the language of this BCP-47 or ICU locale identifier, 0 otherwise.
int okicu_locale_is_known(const char *locale);
/// 1 when ICU has plural rules of the locale's own language (plurals.res), even without formatting data (ars, an in ICU 72).
int okicu_locale_has_plural_rules(const char *locale);
/// Writes the canonical ICU identifier of a BCP-47 tag (e.g. "nb-NO" -> "nb_NO"); returns its length.
int32_t okicu_canonical_locale(const char *locale, char *out, int32_t capacity);
/// 1 if `code` (three UTF-16 letters) is an ISO 4217 currency known to ICU, 0 otherwise.
int okicu_currency_is_known(const uint16_t *code);
/// The name of ICU's `index`-th available locale in its own language ("Deutsch", "日本語"; with `full`, its script and
/// region too: "português (Brasil)"), as UTF-16 into `out`, and its language code into `language`; returns the name's
/// length, 0 when it has none, -1 past the last.
int32_t okicu_available_endonym(int32_t index, int full, uint16_t *out, int32_t capacity, char *language, int32_t languageCapacity);
/// The name of ISO 3166's `index`-th region ("Ukraine", "San Marino") in `displayLocale`'s language, as UTF-16 into
/// `out`; returns its length, 0 when ICU has none, -1 past the last region.
int32_t okicu_region_name(int32_t index, const char *displayLocale, uint16_t *out, int32_t capacity);

// MARK: Numbers

typedef struct OKNumberFormatter OKNumberFormatter;
enum { OKNumberStyleDecimal = 0, OKNumberStylePercent = 1, OKNumberStyleCurrency = 2 };
/// `currency` is three UTF-16 letters, used only for the currency style (may be NULL otherwise).
/// Fraction digits < 0 keep the locale's default.
OKNumberFormatter *okicu_number_open(const char *locale, int32_t style, const uint16_t *currency,
                                     int32_t minFractionDigits, int32_t maxFractionDigits, int32_t *status);
int32_t okicu_number_format_double(OKNumberFormatter *formatter, double value,
                                   uint16_t *out, int32_t capacity, int32_t *status);
/// `decimal` is an ASCII decimal number such as "-1234.50": exact, no binary floating point on the way.
int32_t okicu_number_format_decimal(OKNumberFormatter *formatter, const char *decimal,
                                    uint16_t *out, int32_t capacity, int32_t *status);
void okicu_number_close(OKNumberFormatter *formatter);

// MARK: Dates

typedef struct OKDateFormatter OKDateFormatter;
/// Styles are ICU's: -1 none, 0 full, 1 long, 2 medium, 3 short. `timeZone` is an Olson ID ("UTC").
OKDateFormatter *okicu_date_open_styles(const char *locale, const char *timeZone,
                                        int32_t dateStyle, int32_t timeStyle, int32_t *status);
/// A skeleton such as "yMMMd" becomes the locale's best pattern for those fields.
OKDateFormatter *okicu_date_open_skeleton(const char *locale, const char *timeZone,
                                          const uint16_t *skeleton, int32_t skeletonLength, int32_t *status);
/// `millis` is milliseconds since 1970-01-01T00:00:00Z.
int32_t okicu_date_format(OKDateFormatter *formatter, double millis,
                          uint16_t *out, int32_t capacity, int32_t *status);
void okicu_date_close(OKDateFormatter *formatter);

// MARK: Relative time

typedef struct OKRelativeFormatter OKRelativeFormatter;
/// Width: 0 long, 1 short, 2 narrow.
OKRelativeFormatter *okicu_relative_open(const char *locale, int32_t width, int32_t *status);
/// Unit is ICU's URelativeDateTimeUnit: 0 year, 1 quarter, 2 month, 3 week, 4 day, 5 hour, 6 minute, 7 second.
/// `numeric` 1 always gives "in 1 day"; 0 allows "tomorrow".
int32_t okicu_relative_format(OKRelativeFormatter *formatter, double offset, int32_t unit, int numeric,
                              uint16_t *out, int32_t capacity, int32_t *status);
void okicu_relative_close(OKRelativeFormatter *formatter);

// MARK: Plural rules

typedef struct OKPluralRules OKPluralRules;
OKPluralRules *okicu_plural_open(const char *locale, int32_t *status);
/// Writes the CLDR cardinal category ("zero", "one", "two", "few", "many", "other") as ASCII.
int32_t okicu_plural_select(OKPluralRules *rules, double number, char *out, int32_t capacity, int32_t *status);
/// Writes the categories the locale uses, separated by spaces.
int32_t okicu_plural_categories(OKPluralRules *rules, char *out, int32_t capacity, int32_t *status);
void okicu_plural_close(OKPluralRules *rules);

// MARK: MessageFormat (plural, select, number, date arguments by name)

typedef struct OKMessageFormatter OKMessageFormatter;
enum { OKMessageArgumentNumber = 0, OKMessageArgumentString = 1, OKMessageArgumentDate = 2 };
typedef struct OKMessageArgument {
    const uint16_t *name;
    int32_t nameLength;
    int32_t kind;
    double number;          // kind Number; kind Date: milliseconds since 1970
    const uint16_t *text;   // kind String
    int32_t textLength;
} OKMessageArgument;
/// On a syntax error, `errorOffset` is the UTF-16 offset in the pattern where ICU stopped.
OKMessageFormatter *okicu_message_open(const char *locale, const uint16_t *pattern, int32_t patternLength,
                                       int32_t *errorOffset, int32_t *status);
/// Writes the names of the arguments the pattern uses, separated by U+0000; returns the total length.
int32_t okicu_message_argument_names(OKMessageFormatter *formatter, uint16_t *out, int32_t capacity, int32_t *status);
int32_t okicu_message_format(OKMessageFormatter *formatter, const OKMessageArgument *arguments, int32_t count,
                             uint16_t *out, int32_t capacity, int32_t *status);
void okicu_message_close(OKMessageFormatter *formatter);

#ifdef __cplusplus
}
#endif

#endif
