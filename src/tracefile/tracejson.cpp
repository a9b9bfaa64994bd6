/*
 * tracejson.cpp: simdjson behind tracejson.h's C interface.
 *
 * simdjson's DOM parser builds a tape of the record; tracejson_parse walks
 * it once into the flat array of tracejson.h, refusing on the way what the
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

/* Appends element E (and what it contains) to P's array; false with P's error set on a refusal. */
bool flatten(tracejson *p, simdjson::dom::element e, const char *key, uint32_t klen)
{
	size_t at = p->nvals++;

	/* Filled in place: a copy of a value built on the stack stalled on its partial stores. */
	if (at == p->vals.size())
		p->vals.resize(2 * at);
	p->vals[at].key = key;
	p->vals[at].klen = klen;
	p->vals[at].size = 1;
	switch (e.type()) {
	case simdjson::dom::element_type::OBJECT: {
		simdjson::dom::object o = e.get_object().value_unsafe();   /* a copy: the result is a temporary */
		uint32_t n = 0;
		uint64_t seen = 0;   /* a bit for each key's length and first and last letters */

		p->vals[at].type = TJ_OBJECT;
		for (simdjson::dom::key_value_pair kv : o) {
			size_t kl = kv.key.size();
			uint64_t bit = 1ull << ((kl * 7 + (unsigned char)kv.key.data()[0] * 3 +
						 (kl ? (unsigned char)kv.key.data()[kl - 1] : 0)) & 63);
			const tracejson_value *m = p->vals.data() + at + 1;

			/*
			 * A duplicate key: records are small, so a scan of the keys
			 * before it, only when a key alike in those three was seen.
			 */
			for (uint32_t i = 0; (seen & bit) && i < n; i++, m += m->size) {
				if (m->klen == kv.key.size() && m->key[0] == kv.key[0] &&
				    std::memcmp(m->key, kv.key.data(), m->klen) == 0) {
					p->error = "duplicate object key";
					return false;
				}
			}
			seen |= bit;
			if (!flatten(p, kv.value, kv.key.data(), (uint32_t)kv.key.size()))
				return false;
			n++;
		}
		p->vals[at].count = n;
		p->vals[at].size = (uint32_t)(p->nvals - at);
		return true;
	}
	case simdjson::dom::element_type::ARRAY: {
		simdjson::dom::array a = e.get_array().value_unsafe();
		uint32_t n = 0;

		p->vals[at].type = TJ_ARRAY;
		for (simdjson::dom::element x : a) {
			if (!flatten(p, x, nullptr, 0))
				return false;
			n++;
		}
		p->vals[at].count = n;
		p->vals[at].size = (uint32_t)(p->nvals - at);
		return true;
	}
	case simdjson::dom::element_type::STRING: {
		std::string_view s = e.get_string().value_unsafe();

		if (std::memchr(s.data(), '\0', s.size()) != nullptr) {
			p->error = "\\u0000 is not allowed";
			return false;
		}
		p->vals[at].type = TJ_STRING;
		p->vals[at].count = (uint32_t)s.size();
		p->vals[at].u.s = s.data();
		return true;
	}
	case simdjson::dom::element_type::INT64:
		p->vals[at].type = TJ_INT;
		p->vals[at].u.i = e.get_int64().value_unsafe();
		return true;
	case simdjson::dom::element_type::UINT64:
		p->error = "too big integer";
		return false;
	case simdjson::dom::element_type::DOUBLE:
		p->vals[at].type = TJ_REAL;
		p->vals[at].u.d = e.get_double().value_unsafe();
		return true;
	case simdjson::dom::element_type::BOOL:
		p->vals[at].type = e.get_bool().value_unsafe() ? TJ_TRUE : TJ_FALSE;
		return true;
	default:
		p->vals[at].type = TJ_NULL;
		return true;
	}
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
		if (!flatten(p, e, nullptr, 0))
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
		if ((*p->it).get(e) != simdjson::SUCCESS || !e.is_object() || !flatten(p, e, nullptr, 0)) {
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
