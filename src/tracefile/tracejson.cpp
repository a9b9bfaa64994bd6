/*
 * tracejson.cpp: simdjson behind tracejson.h's C interface.
 *
 * simdjson's DOM parser builds a tape of the record; tracejson_parse walks
 * the tape itself once into the flat array of tracejson.h, refusing on the way what the
 * trace format refuses and simdjson allows (duplicate keys, "\u0000" in a
 * string, integers beyond the signed 64-bit range). The parser and the
 * array are kept from one record to the next, so a trace of millions of
 * records allocates only while its records grow.
 */
#include "tracefile/tracejson.h"

#include <simdjson.h>

#include <cstring>
#include <new>
#include <string>
#include <vector>

struct tracejson {
	simdjson::dom::parser parser;
	std::vector<tracejson_value> vals;   /* sized ahead: NVALS of them are the record's */
	size_t nvals;
	std::string error;
	/* A stream of values (tracejson_stream_start): the stream, where it is, and whether it is at its start. */
	simdjson::dom::document_stream stream;
	simdjson::dom::document_stream::iterator it;
	bool streaming, stream_first;
};

namespace {

/* A tape word: its type in the top byte, its payload in the others (simdjson's tape.md). */
constexpr uint64_t TAPE_PAYLOAD = 0x00FFFFFFFFFFFFFFull;

/*
 * Appends the value at index I of the tape TAPE (strings in SB) and what it
 * contains to P's array; returns the index after it, or 0 with P's error
 * set on a refusal (0 is the tape's root word, never after a value).
 *
 * The tape is read directly rather than through dom::element, whose
 * iterators cost more than the walk itself (the walk through them was a
 * fifth of a reading). Its layout is simdjson's documented one: '{' and '['
 * hold the index after their closing word, a string the offset of its
 * 32-bit length and bytes in SB, 'l' and 'd' their value in the next word.
 */
size_t flatten(tracejson *p, const uint64_t *tape, const uint8_t *sb, size_t i, const char *key, uint32_t klen)
{
	size_t at = p->nvals++;
	uint64_t w = tape[i];

	/* Filled in place, by index: the array may grow under the members. */
	if (at == p->vals.size())
		p->vals.resize(2 * at);
	p->vals[at].key = key;
	p->vals[at].klen = klen;
	p->vals[at].size = 1;
	switch (w >> 56) {
	case '{': {
		size_t end = (size_t)(uint32_t)w, j = i + 1;
		uint32_t n = 0;
		uint64_t seen = 0;   /* a bit for each key's length and first and last letters */

		p->vals[at].type = TJ_OBJECT;
		while (j < end - 1) {
			const uint8_t *ks = sb + (tape[j] & TAPE_PAYLOAD);
			const char *kd = (const char *)ks + sizeof(uint32_t);
			uint32_t kl;

			std::memcpy(&kl, ks, sizeof kl);
			uint64_t bit = 1ull << ((kl * 7 + (unsigned char)kd[0] * 3 + (kl ? (unsigned char)kd[kl - 1] : 0)) & 63);
			const tracejson_value *m = p->vals.data() + at + 1;

			/*
			 * A duplicate key: records are small, so a scan of the keys
			 * before it, only when a key alike in those three was seen.
			 */
			for (uint32_t k = 0; (seen & bit) && k < n; k++, m += m->size) {
				if (m->klen == kl && std::memcmp(m->key, kd, kl) == 0) {
					p->error = "duplicate object key";
					return 0;
				}
			}
			seen |= bit;
			if ((j = flatten(p, tape, sb, j + 1, kd, kl)) == 0)
				return 0;
			n++;
		}
		p->vals[at].count = n;
		p->vals[at].size = (uint32_t)(p->nvals - at);
		return end;
	}
	case '[': {
		size_t end = (size_t)(uint32_t)w, j = i + 1;
		uint32_t n = 0;

		p->vals[at].type = TJ_ARRAY;
		while (j < end - 1) {
			if ((j = flatten(p, tape, sb, j, nullptr, 0)) == 0)
				return 0;
			n++;
		}
		p->vals[at].count = n;
		p->vals[at].size = (uint32_t)(p->nvals - at);
		return end;
	}
	case '"': {
		const uint8_t *ss = sb + (w & TAPE_PAYLOAD);
		uint32_t len;

		std::memcpy(&len, ss, sizeof len);
		if (std::memchr(ss + sizeof len, '\0', len) != nullptr) {
			p->error = "\\u0000 is not allowed";
			return 0;
		}
		p->vals[at].type = TJ_STRING;
		p->vals[at].count = len;
		p->vals[at].u.s = (const char *)ss + sizeof len;
		return i + 1;
	}
	case 'l': {
		int64_t v;

		std::memcpy(&v, &tape[i + 1], sizeof v);
		p->vals[at].type = TJ_INT;
		p->vals[at].u.i = v;
		return i + 2;
	}
	case 'u':
		p->error = "too big integer";
		return 0;
	case 'd':
		p->vals[at].type = TJ_REAL;
		std::memcpy(&p->vals[at].u.d, &tape[i + 1], sizeof(double));
		return i + 2;
	case 't':
		p->vals[at].type = TJ_TRUE;
		return i + 1;
	case 'f':
		p->vals[at].type = TJ_FALSE;
		return i + 1;
	case 'n':
		p->vals[at].type = TJ_NULL;
		return i + 1;
	default:
		p->error = "unexpected word in simdjson's tape";
		return 0;
	}
}

/* Flattens the value the parser's document holds (its root word first, the value next). */
bool flatten_doc(tracejson *p)
{
	return flatten(p, p->parser.doc.tape.get(), p->parser.doc.string_buf.get(), 1, nullptr, 0) != 0;
}

} // namespace

extern "C" struct tracejson *tracejson_new(void)
{
	static_assert(TRACEJSON_PADDING >= simdjson::SIMDJSON_PADDING, "the padding simdjson reads");
	tracejson *p = new tracejson();

	p->vals.resize(256);
	p->nvals = 0;
	return p;
}

extern "C" void tracejson_free(struct tracejson *p)
{
	delete p;
}

extern "C" const struct tracejson_value *tracejson_parse(struct tracejson *p, const char *text, size_t len)
{
	simdjson::dom::element e;
	simdjson::error_code code;

	p->streaming = false;   /* the parse takes the parser from the stream */
	p->nvals = 0;
	p->error.clear();
	try {
		code = p->parser.parse(text, len, false).get(e);
		if (code != simdjson::SUCCESS) {
			p->error = simdjson::error_message(code);
			return nullptr;
		}
		if (!flatten_doc(p))
			return nullptr;
	} catch (const std::bad_alloc &) {
		p->error = "out of memory";
		return nullptr;
	}
	return p->vals.data();
}

extern "C" bool tracejson_stream_start(struct tracejson *p, const char *text, size_t len)
{
	p->streaming = false;
	p->nvals = 0;
	p->error.clear();
	try {
		/* One batch of the whole text: stage 1 runs once over it, in this thread. */
		if (p->parser.parse_many(text, len, len < 1024 ? 1024 : len).get(p->stream) != simdjson::SUCCESS)
			return false;
		p->it = p->stream.begin();
	} catch (const std::bad_alloc &) {
		return false;
	}
	p->streaming = true;
	p->stream_first = true;
	return true;
}

extern "C" const struct tracejson_value *tracejson_stream_next(struct tracejson *p, size_t *off, size_t *len, bool *failed)
{
	simdjson::dom::element e;

	*failed = false;
	if (!p->streaming)
		return nullptr;
	if (!p->stream_first)
		++p->it;
	p->stream_first = false;
	if (!(p->it != p->stream.end()))
		return nullptr;
	p->nvals = 0;
	try {
		if ((*p->it).get(e) != simdjson::SUCCESS || !(e.is_object() || e.is_array()) || !flatten_doc(p)) {
			p->streaming = false;
			*failed = true;
			return nullptr;
		}
		*off = p->it.current_index();
		*len = p->it.source().size();
	} catch (const std::bad_alloc &) {
		p->streaming = false;
		*failed = true;
		return nullptr;
	}
	return p->vals.data();
}

extern "C" const char *tracejson_error(const struct tracejson *p)
{
	return p->error.c_str();
}
